import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The invoice PDF's typeface (decision 092): Inter as static TrueType files from
// @expo-google-fonts/inter (SIL Open Font License: embedding allowed). The PDF's 14 standard fonts
// have no ₹ sign, and pdfkit's subsetter fails on WOFF2 files with composite glyphs, so the site's
// own WOFF2 Inter cannot be embedded.
//
// pdfkit opens the font anew for every document, and fontkit's first text layout in a freshly
// opened Inter reads its large GSUB/GPOS tables (kerning, ligatures): hundreds of milliseconds on
// the thread that also answers requests. An invoice needs neither, so the three layout tables are
// left out of the bytes handed to pdfkit (read once per process); characters still map to glyphs
// through `cmap`, and a first layout takes about a millisecond.
const LAYOUT_TABLES = new Set(["GSUB", "GPOS", "GDEF"]);

/** A TrueType (sfnt) file without the named tables: the table directory rewritten, the tables' bytes kept. */
export function withoutTables(font: Buffer, drop: ReadonlySet<string>): Buffer {
  const count = font.readUInt16BE(4);
  const kept: { tag: string; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 12 + 16 * i;
    const tag = font.toString("latin1", entry, entry + 4);
    const offset = font.readUInt32BE(entry + 8);
    if (!drop.has(tag))
      kept.push({ tag, checksum: font.readUInt32BE(entry + 4), data: font.subarray(offset, offset + font.readUInt32BE(entry + 12)) });
  }
  const directory = Buffer.alloc(12 + 16 * kept.length);
  font.copy(directory, 0, 0, 4); // sfnt version
  directory.writeUInt16BE(kept.length, 4);
  // searchRange, entrySelector and rangeShift as the OpenType table directory defines them.
  const power = 2 ** Math.floor(Math.log2(kept.length));
  directory.writeUInt16BE(power * 16, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(kept.length * 16 - power * 16, 10);
  const parts = [directory];
  let offset = directory.length;
  kept.forEach((table, i) => {
    const entry = 12 + 16 * i;
    directory.write(table.tag, entry, "latin1");
    directory.writeUInt32BE(table.checksum, entry + 4);
    directory.writeUInt32BE(offset, entry + 8);
    directory.writeUInt32BE(table.data.length, entry + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3); // tables start on 4-byte boundaries
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const read = (file: string) =>
  withoutTables(readFileSync(createRequire(import.meta.url).resolve(`@expo-google-fonts/inter/${file}`)), LAYOUT_TABLES);

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Inter regular and bold, ready for pdfkit's registerFont. */
export function invoiceFonts() {
  fonts ??= { regular: read("400Regular/Inter_400Regular.ttf"), bold: read("700Bold/Inter_700Bold.ttf") };
  return fonts;
}

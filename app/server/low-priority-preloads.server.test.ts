import { describe, expect, it } from "vitest";
import { streamOf } from "../../tests/helpers/stream-of";
import { lowPriorityModulePreloads, wholeCharactersLength } from "./low-priority-preloads.server";

const through = (chunks: Uint8Array[]) => new Response(streamOf(chunks).pipeThrough(lowPriorityModulePreloads())).text();
const run = (chunks: string[]) => through(chunks.map((c) => Buffer.from(c)));

describe("lowPriorityModulePreloads", () => {
  const head = '<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head>';
  const body = '<body><p>ünïcode</p><link rel="modulepreload" href="/late.js"/></body></html>';

  it("marks the head's module preloads low priority and leaves the body alone", async () => {
    const out = await run([head + body]);
    expect(out).toBe(head.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"') + body);
  });

  it("gives the same bytes however the document is cut into chunks, multi-byte characters included", async () => {
    const whole = Buffer.from(head + body);
    const expected = await run([head + body]);
    for (const size of [1, 2, 3, 7, 40]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
      const out = await through(chunks);
      expect(out).toBe(expected);
    }
  });

  it("passes a document without a head end through, rewritten", async () => {
    expect(await run(['<link rel="modulepreload" href="/x.js"/>'])).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/>');
  });

  it("keeps a character cut by the chunk that ends the head whole", async () => {
    // "é" is two bytes; the chunk holding </head> ends after the first of them.
    const whole = Buffer.from('<head><link rel="modulepreload" href="/a.js"/></head><body>é</body>');
    const cut = whole.indexOf("é") + 1;
    const out = await through([whole.subarray(0, cut), whole.subarray(cut)]);
    expect(out).toBe('<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>é</body>');
  });

  it("finds where the last whole character ends", () => {
    const bytes = Buffer.from("aé€😀");
    expect(wholeCharactersLength(bytes)).toBe(bytes.length);
    for (const [cut, expected] of [
      [2, 1],
      [4, 3],
      [5, 3],
      [7, 6],
      [8, 6],
      [9, 6],
    ] as const)
      expect(wholeCharactersLength(bytes.subarray(0, cut))).toBe(expected);
  });
});

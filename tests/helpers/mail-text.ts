import { header } from "./smtp-relay";

/**
 * The decoded text parts of a raw RFC 5322 mail as nodemailer writes them: a single part or a
 * multipart tree, each leaf in 7bit/8bit, quoted-printable (long lines: `=` soft breaks and `=XX`
 * bytes) or base64 (mostly non-ASCII text), read as UTF-8. Enough for the mails this app sends,
 * not a general MIME parser.
 */
export type MailPart = { type: string; text: string };

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: "" };
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, "") };
};

const param = (value: string, name: string) => new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(value)?.[1];

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === "=" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], "utf8"));
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body).toString("utf8");
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Every text/* leaf of the mail, decoded, in the order the mail holds them. */
export function mailTextParts(raw: string): MailPart[] {
  const { head, body } = split(raw);
  const contentType = header(`${head}\r\n\r\n`, "content-type") ?? "text/plain";
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = param(contentType, "boundary");
    if (!boundary) return [];
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    // The first section is the preamble and the last the epilogue; the parts are between.
    return sections.slice(1, -1).flatMap(mailTextParts);
  }
  if (!type.startsWith("text/")) return [];
  const encoding = (header(`${head}\r\n\r\n`, "content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, text: decodeBody(body, encoding) }];
}

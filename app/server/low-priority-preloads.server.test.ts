import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-preloads.server";

const run = (chunks: string[]) => text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads()));

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
      const out = await text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
      expect(out).toBe(expected);
    }
  });

  it("passes a document without a head end through, rewritten", async () => {
    expect(await run(['<link rel="modulepreload" href="/x.js"/>'])).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/>');
  });
});

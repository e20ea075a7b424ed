import { csvLine } from "../../contract/csv";

/**
 * A streamed text/csv answer: the header line goes out at once, then each chunk as the generator
 * yields it, so the first byte does not wait for the whole export and memory holds one chunk.
 */
export function csvResponse(filename: string, header: readonly string[], chunks: AsyncIterable<unknown[][]>): Response {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine([...header])));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A web stream of the given chunks, then closed (ReadableStream.from is not in TypeScript's DOM types). */
export function streamOf<T>(chunks: readonly T[]): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

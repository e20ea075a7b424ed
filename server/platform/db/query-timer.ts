/**
 * Told when a database call starts ("query": a statement, including its wait in the queue or for a
 * pooled connection; "connect": the wait for a pooled connection, as a transaction takes one); the
 * function it returns is called when the call settles. server/platform/metrics/metrics.ts gives one.
 */
export type QueryTimer = (op: "query" | "connect") => () => void;

/** `result`, with `end` called when it settles either way; a call that answers no promise is not timed. */
export function timed<R>(end: (() => void) | undefined, result: R): R {
  if (end && result instanceof Promise) {
    const done = () => void end();
    result.then(done, done);
  }
  return result;
}

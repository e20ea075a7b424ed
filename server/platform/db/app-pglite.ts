import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";
import type { QueryTimer } from "./query-timer";

/**
 * PGlite runs each query synchronously on the main thread, and queued queries follow one another
 * as microtasks, so under load the event loop never gets a turn: the bench measured event-loop
 * delay p99 of 200-460 ms with 10 dashboard readers, stalling every other request meanwhile.
 * Waiting for setImmediate before each query lets timers and other sockets in between.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The app's PGlite: its public `query` and `exec` (what drizzle calls outside a transaction) wait
 * for the next turn of the event loop first, and are timed when a QueryTimer is set. A subclass the
 * app creates, so no library object is changed at run time.
 */
export class AppPGlite extends PGlite {
  timer?: QueryTimer;

  /** `loadDataDir`: start from a tarball of another instance's data directory (PGlite's dumpDataDir()). */
  static async open(dataDir?: string, loadDataDir?: Blob): Promise<AppPGlite> {
    const client = new AppPGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
    await client.waitReady;
    return client;
  }

  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const end = this.timer?.("query");
    try {
      await nextTurn();
      return await super.query<T>(query, params, options);
    } finally {
      end?.();
    }
  }

  override async exec(query: string, options?: QueryOptions): Promise<Array<Results>> {
    const end = this.timer?.("query");
    try {
      await nextTurn();
      return await super.exec(query, options);
    } finally {
      end?.();
    }
  }
}

import pg from "pg";
import { type QueryTimer, timed } from "./query-timer";

/**
 * The app's pg pool: `query` and `connect` are timed when a QueryTimer is set. A subclass the app
 * creates (drizzle takes it as the pool it is), so no library object is changed at run time. pg's
 * own callback-style calls (its `query` calls `this.connect(callback)`) return nothing: untimed.
 */
export class TimedPool extends pg.Pool {
  timer?: QueryTimer;

  // One signature standing for pg's overloads; `never` is assignable to each of their results.
  override query(...args: unknown[]): never {
    const end = this.timer?.("query");
    return timed(end, (super.query as (...a: unknown[]) => unknown).apply(this, args)) as never;
  }

  override connect(...args: unknown[]): never {
    const end = args.length ? undefined : this.timer?.("connect");
    return timed(end, (super.connect as (...a: unknown[]) => unknown).apply(this, args)) as never;
  }
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";

// Seconds; from a cached prerendered answer (~0.1 ms) to a slow admin page or a stalled database.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one server process (GET /metrics, PRODUCT.md section 7): requests by
 * route pattern and status, database wait, contact batch sizes, and prom-client's default process
 * metrics (event-loop delay percentiles, resident memory, heap). Built only when METRICS_TOKEN is set.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request reaching the app to its answer, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const databaseWait = new Histogram({
    name: "db_wait_seconds",
    help: "Database time seen by the app: `query` is a pool query including the wait for a connection, `connect` the wait for a pooled connection (transactions)",
    labelNames: ["op"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const contactBatch = new Histogram({
    name: "contact_batch_size",
    help: "Contact messages written per group-commit statement",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    /** A cheap recorder for one fixed route (the static fast path): label children bound once. */
    boundRecorder(route: string) {
      type Label = "method" | "route" | "status";
      const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<Label> }>();
      return (method: string, status: number, seconds: number): void => {
        const key = `${method} ${status}`;
        let child = children.get(key);
        if (!child) {
          const labels = { method, route, status: String(status) };
          child = { count: requests.labels(labels), time: duration.labels(labels) };
          children.set(key, child);
        }
        child.count.inc();
        child.time.observe(seconds);
      };
    },
    contactBatch: (size: number) => contactBatch.observe(size),
    /** Times the database client's calls, and reports the pg pool's connections on each scrape. */
    instrumentDatabase(database: Pick<Database, "db" | "pool">): void {
      const time = <A extends unknown[], R>(op: "query" | "connect", fn: (...args: A) => Promise<R>) => {
        const timer = databaseWait.labels({ op });
        return (...args: A): Promise<R> => {
          const end = timer.startTimer();
          const result = fn(...args);
          // pg's own callback-style calls (Pool.query calls this.connect(cb)) return nothing: untimed.
          if (result && typeof result.then === "function") {
            const done = () => void end();
            result.then(done, done);
          }
          return result;
        };
      };
      const pool = database.pool;
      if (pool) {
        pool.query = time("query", pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>) as typeof pool.query;
        pool.connect = time("connect", pool.connect.bind(pool) as () => Promise<unknown>) as typeof pool.connect;
        for (const [name, read] of [
          ["db_pool_connections", () => pool.totalCount],
          ["db_pool_idle", () => pool.idleCount],
          ["db_pool_waiting", () => pool.waitingCount],
        ] as const) {
          new Gauge({
            name,
            help: `pg pool: ${name.slice("db_pool_".length)} clients`,
            registers: [registry],
            collect() {
              this.set(read());
            },
          });
        }
        return;
      }
      // PGlite: one connection; the wait is the queue behind other queries plus the query itself.
      const client = (
        database.db as unknown as {
          $client: { query: (...a: unknown[]) => Promise<unknown>; execProtocol: (...a: unknown[]) => Promise<unknown> };
        }
      ).$client;
      client.query = time("query", client.query.bind(client));
      // The prepared statements' runs (server/db/pglite-prepared.ts) go through execProtocol instead.
      client.execProtocol = time("query", client.execProtocol.bind(client));
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

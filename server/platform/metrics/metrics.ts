import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";

// Seconds; from a cached prerendered answer (~0.1 ms) to a slow admin page or a stalled database.
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one server process (GET /metrics): requests by
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
    contactBatch: (size: number) => contactBatch.observe(size),
    /** Times the database's calls (through its own timeQueries), and reports the pg pool's connections on each scrape. */
    observeDatabase(database: Pick<Database, "pool" | "timeQueries">): void {
      database.timeQueries?.((op) => databaseWait.labels({ op }).startTimer());
      const pool = database.pool;
      if (!pool) return;
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
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import { createApp } from "../../app";
import { testConfig } from "../config";
import type { Database } from "../db/client";
import { createServices } from "../../services";
import { createMetrics } from "./metrics";

const TOKEN = "metrics-token-for-tests-0123456789";

describe("GET /metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is not served (404)", async () => {
    expect((await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  let database: Database;
  let request: (path: string, init?: RequestInit) => Promise<Response>;
  beforeAll(async () => {
    // Wired as server/index.ts wires it: database timed, contact batches observed, app given the registry.
    database = await createTestDatabase();
    const config = testConfig({ METRICS_TOKEN: TOKEN });
    const metrics = createMetrics();
    metrics.observeDatabase(database);
    const services = createServices(database.db, config, () => new Date(), { contactBatch: metrics.contactBatch });
    const app = createApp({ config, database, services, metrics, peerAddress: (c: Context) => c.req.header("x-test-peer") ?? "10.9.0.1" });
    request = async (path, init) => app.request(`http://localhost${path}`, init);
  });
  afterAll(() => database.close());

  const scrape = () => request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });

  it("answers 401 without the token, with a wrong one, or with the bare token", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain("http_requests_total");
    }
  });

  it("serves the Prometheus text format with the bearer token", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("counts requests by route pattern and status, and observes batches, database wait, event loop and memory", async () => {
    const post = await request("/api/contact-general", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Metrics", email: "metrics@example.com", message: "Counting this one." }),
    });
    expect(post.status).toBe(201);
    await request("/api/admin/messages/12345", { method: "PATCH" });
    await request("/api/no/such/thing");
    const text = await (await scrape()).text();
    expect(text).toContain('http_requests_total{method="POST",route="/api/contact-general",status="201"} 1');
    expect(text).toMatch(/http_requests_total\{method="PATCH",route="\/api\/admin\/messages\/:id",status="40[13]"\} 1/);
    expect(text).toContain('http_requests_total{method="GET",route="/api/*",status="404"} 1');
    // The id must not become a label; a bare "12345" could be part of a memory or duration sample.
    expect(text).not.toMatch(/route="[^"]*12345/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/contact-general",status="201"\}/);
    expect(text).toContain("contact_batch_size_count 1");
    expect(Number(/db_wait_seconds_count\{op="query"\} (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });
});

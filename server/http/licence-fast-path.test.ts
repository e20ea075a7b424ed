import { getRequestListener } from "@hono/node-server";
import { createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CreatedOrderSchema } from "../../contract/store";
import { addSaleVersion } from "../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { checkoutSignature } from "../integrations/payments/signature";
import { licenceFastPath } from "./licence-fast-path";

// The fast path must answer exactly as the app does: each request is sent to a server with the fast
// path in front of the app and to one with the app alone, and the answers are compared.

const SECRET = "test-secret-for-fast-path";
let fastApp: TestApp;
let plainApp: TestApp;
let fast: Server;
let plain: Server;
let appCalls = 0;
let fastKey = "";
let plainKey = "";

const listen = async (listener: RequestListener) => {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
};
const port = (server: Server) => (server.address() as AddressInfo).port;

type Sent = { status: number; headers: Record<string, string>; body: string };
/** A raw HTTP request, so the test decides every header (fetch would add Origin-free defaults of its own). */
function send(server: Server, body: string | Buffer, headers: Record<string, string> = {}, path = "/api/licenses/validate"): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: port(server), method: "POST", path, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (name !== "date" && name !== "x-request-id" && value !== undefined) kept[name] = String(value);
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function buyKey(t: TestApp): Promise<string> {
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json });
  const order = CreatedOrderSchema.parse(
    await (await post("/api/checkout/orders", { product_id: "fast-dirx", version: "1.0", email: "fast@example.com", name: "Fast" })).json(),
  );
  const payId = "pay_FASTPATH000001";
  const paid = await post(`/api/checkout/orders/${order.order_id}/confirm`, {
    razorpay_order_id: order.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(SECRET, order.payment.provider_order_id, payId),
  });
  const answer = (await paid.json()) as { licence_key?: string };
  if (!answer.licence_key) throw new Error(`confirm: ${paid.status} ${JSON.stringify(answer)}`);
  return answer.licence_key;
}

beforeAll(async () => {
  // Two apps on two databases, each with a licence bought the same way: the throttle counts per app.
  const config = { PAYMENT_TEST_SECRET: SECRET, LICENCE_RATE_LIMIT: 12 };
  // One fixed clock, so both licences end at the same instant.
  const now = () => new Date("2026-11-24T10:00:00Z");
  [fastApp, plainApp] = await Promise.all([createTestApp({ config, now }), createTestApp({ config, now })]);
  for (const t of [fastApp, plainApp]) await addSaleVersion(t, "fast-dirx", "1.0", { machineLimit: 1 });
  [fastKey, plainKey] = [await buyKey(fastApp), await buyKey(plainApp)];
  const counting = getRequestListener(fastApp.app.fetch);
  fast = await listen(
    licenceFastPath(fastApp.services, fastApp.config, (req, res) => {
      appCalls++;
      return counting(req, res);
    }),
  );
  plain = await listen(getRequestListener(plainApp.app.fetch));
});
afterAll(async () => {
  fast?.close();
  plain?.close();
  await Promise.all([fastApp?.close(), plainApp?.close()]);
});

// Each app has its own key (keys are random); the answers carry no key, so they compare as equal.
async function both(body: (key: string) => string) {
  return { fast: await send(fast, body(fastKey)), plain: await send(plain, body(plainKey)) };
}

describe("licenceFastPath", () => {
  it("answers the plain cases itself, each exactly as the app does: VALID, NOT_FOUND, NOT_ACTIVATED, bad fields, broken JSON", async () => {
    const cases: ((k: string) => string)[] = [
      (k) => JSON.stringify({ key: k }),
      (k) => JSON.stringify({ key: k.toLowerCase() }),
      () => JSON.stringify({ key: "ONI-00000-00000-00000-00000-00000-00000" }),
      (k) => JSON.stringify({ key: k, fingerprint: "machine-a" }),
      () => JSON.stringify({ key: 1 }),
      () => JSON.stringify({ fingerprint: "x".repeat(500) }),
      () => "null",
      () => '{"key":',
      () => "\uFEFF" + JSON.stringify({ key: "garbage" }),
    ];
    const before = appCalls;
    for (const body of cases) {
      const { fast: a, plain: b } = await both(body);
      expect(a).toEqual(b);
    }
    expect(appCalls).toBe(before);
    const valid = await send(fast, JSON.stringify({ key: fastKey }));
    expect(JSON.parse(valid.body)).toMatchObject({ valid: true, code: "VALID", product_id: "fast-dirx" });
    expect(valid.headers).toMatchObject({ "cache-control": "no-store", "content-type": "application/json", "x-frame-options": "DENY" });
  });

  it("hands anything unusual to the app: an Origin, a query string, another type, no length, a chunked or oversized body", async () => {
    const before = appCalls;
    const body = JSON.stringify({ key: "garbage" });
    expect((await send(fast, body, { origin: "https://evil.example" })).status).toBe(403);
    expect((await send(fast, body, {}, "/api/licenses/validate?x=1")).status).toBe(200);
    expect((await send(fast, body, { "content-type": "text/plain" })).status).toBe(415);
    expect((await send(fast, "", {})).status).toBe(400);
    expect((await send(fast, body, { "transfer-encoding": "chunked" })).status).toBe(200);
    expect((await send(fast, "x".repeat(70_000))).status).toBe(413);
    expect(appCalls - before).toBe(6);
  });

  it("throttles per client IP as the app does, with the same 429 and Retry-After", async () => {
    const until429 = async (server: Server) => {
      for (let i = 0; i < 30; i++) {
        const res = await send(server, JSON.stringify({ key: "garbage" }));
        if (res.status === 429) return res;
      }
      throw new Error("never throttled");
    };
    const [a, b] = [await until429(fast), await until429(plain)];
    expect(a.body).toBe(b.body);
    expect(a.headers["retry-after"]).toMatch(/^\d+$/);
    expect({ ...a.headers, "retry-after": "" }).toEqual({ ...b.headers, "retry-after": "" });
  });

  it("answers a bug with the generic 500 and logs one line without the error's text in the answer", async () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const broken = await listen(
      licenceFastPath(
        { store: { licences: { validate: () => Promise.reject(new Error("boom with a secret")) } } } as never,
        { TRUST_PROXY: "", LOG_REQUESTS: false },
        () => {},
      ),
    );
    try {
      const res = await send(broken, JSON.stringify({ key: "x" }));
      expect(res.status).toBe(500);
      expect(res.body).toBe('{"status":"error","message":"Something went wrong on our side. Please try again later."}');
    } finally {
      write.mockRestore();
      broken.close();
    }
    expect(lines.join("")).toContain('"msg":"unhandled error"');
  });
});

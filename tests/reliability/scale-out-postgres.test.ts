import { readdirSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema } from "../../contract/store";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { paymentEntity, signedEvent } from "../helpers/store-fixtures";
import { header, startSmtpRelay, waitFor } from "../helpers/smtp-relay";
import { insertAdmin, loginToken, RELIABILITY_ADMIN } from "./helpers/admin-fixture";
import { figureRow } from "./helpers/figures";
import { hasNginx, startNginx, type RunningNginx } from "./helpers/nginx";
import { createScratchDatabase, skipPostgres, type ScratchDatabase } from "./helpers/scratch-database";
import { startLoad } from "./helpers/scale-out-load";
import { reservePort, startServer, stopServer, type RunningServer } from "./helpers/server";

// Any number of identical processes on one PostgreSQL behind the shipped deploy/nginx.conf: two
// built servers, nginx started here on loopback ports, one scratch database. In CI (CI set) a
// missing nginx or PostgreSQL fails the check instead of skipping it.
const SECRET = "scale-out-payment-secret-0123";
const skip = skipPostgres || (!hasNginx && !process.env.CI);
const started = Date.now();
let scratch: ScratchDatabase;
let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
let nginx: RunningNginx;
let ports: number[] = [];
const servers: RunningServer[] = [];

const env = (who: string) => ({
  TRUST_PROXY: "loopback",
  DRAIN_GRACE_MS: "5000", // as in deploy/company-site.env.example
  ADMIN_SECRETS_KEY: "ab".repeat(32),
  LICENCE_SECRET: "scale-out-licence-secret-0123456789abcdef",
  PAYMENT_TEST_SECRET: SECRET,
  SMTP_URL: relay.url,
  MAIL_FROM: `${who}@scale.example.test`,
  CONTACT_RATE_LIMIT: "20",
  LOGIN_RATE_LIMIT: "10",
  CHECKOUT_RATE_LIMIT: "100000",
});
const start = (i: number) => startServer({ databaseUrl: scratch.url, port: ports[i], env: env(i ? "b" : "a") });
const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const get = (agent: http.Agent, port: number, path: string) =>
  new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .on("error", reject);
  });

describe.skipIf(skip)("two instances behind the shipped nginx.conf on one PostgreSQL", () => {
  beforeAll(async () => {
    if (!hasNginx) throw new Error("nginx is missing: .ci/run installs nginx-light");
    relay = await startSmtpRelay(0);
    scratch = await createScratchDatabase("scaleout");
    ports = [await reservePort(), await reservePort()];
    // Both at the same moment on an empty database: the migrations must run once between them.
    servers.push(...(await Promise.all([start(0), start(1)])));
    nginx = await startNginx({ listenPort: await reservePort(), upstreamPorts: ports });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await nginx?.stop();
    await scratch?.drop();
    await relay?.stop();
    figureRow("scale-out test", { seconds: (Date.now() - started) / 1000 });
  });

  it("applied every migration once although both started together", async () => {
    const files = readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length;
    const [row] = await scratch.query<{ n: string; hashes: string }>(
      "select count(*) as n, count(distinct hash) as hashes from drizzle.__drizzle_migrations",
    );
    expect([Number(row.n), Number(row.hashes)]).toEqual([files, files]);
    expect((await fetch(`${nginx.url}/readyz`)).status).toBe(200);
  });

  it("a session made through one instance works on the other", async () => {
    await insertAdmin(scratch);
    const token = await loginToken(servers[0].url, { "x-forwarded-for": "198.51.100.9" });
    for (const s of servers) {
      const res = await fetch(`${s.url}/api/admin/sessions`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
  });

  it("the login and contact throttles count across both instances", async () => {
    const ip = { "x-forwarded-for": "203.0.113.50" };
    // A new e-mail each time: the per-address limit, not the per-account lockout, answers 429.
    const logins = [];
    for (let i = 0; i < 12; i++) {
      const login = { email: `nobody${i}@example.com`, password: `${RELIABILITY_ADMIN.password} wrong` };
      logins.push((await post(servers[i % 2].url, "/api/admin/login", login, ip)).status);
    }
    expect(logins).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const contacts = [];
    for (let i = 0; i < 22; i++) {
      const body = { name: "Throttle", email: "t@example.com", message: `Throttle ${i}` };
      contacts.push((await post(servers[i % 2].url, "/api/contact-general", body, ip)).status);
    }
    expect(contacts).toEqual([...Array<number>(20).fill(201), 429, 429]);
  });

  it("1,000 queued mails are each sent once with both senders running", async () => {
    const before = relay.received.length;
    await scratch.query(
      `insert into mail_outbox (kind, message_id, to_addrs, subject, html, text_body)
       select 'backlog', '<scale-' || g || '@scale.example.test>', array['ops@example.test'], 'Backlog ' || g, '<p>B</p>', 'B'
       from generate_series(1, 1000) g`,
    );
    await waitFor(() => relay.received.length - before >= 1000, 90_000, "1,000 mails at the relay");
    await new Promise((r) => setTimeout(r, 1500)); // anything sent twice arrives too
    const ids = relay.received.slice(before).map((m) => header(m.raw, "message-id") ?? "");
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith("<scale-"))).toHaveLength(1000);
    const from = (who: string) => relay.received.slice(before).filter((m) => m.from === `${who}@scale.example.test`).length;
    expect(from("a")).toBeGreaterThan(0);
    expect(from("b")).toBeGreaterThan(0);
  });

  it("confirm and webhook of one order on different instances fulfil it once, 50 times", async () => {
    await scratch.query(`insert into products (id, name) values ('scale-dirx', 'Scale Tool')`);
    await scratch.query(`insert into product_versions (product_id, version, os, features, external, python, amount_minor,
      for_sale, machine_limit, licence_term_months) values ('scale-dirx', '1.0', array['linux'], array['Scan'], '[]'::jsonb,
      '[]'::jsonb, 100000, true, 3, 12)`);
    for (let i = 0; i < 50; i++) {
      const created = await post(nginx.url, "/api/checkout/orders", {
        product_id: "scale-dirx",
        version: "1.0",
        email: `s${i}@example.com`,
        name: "Scale",
        billing: { state_code: "29" },
      });
      const o = CreatedOrderSchema.parse(await created.json());
      const payId = `pay_SCALE${String(i).padStart(9, "0")}`;
      const [confirmAt, hookAt] = i % 2 ? [servers[0], servers[1]] : [servers[1], servers[0]];
      const e = signedEvent(
        SECRET,
        "payment.captured",
        paymentEntity(payId, o.payment.provider_order_id, o.payment.amount),
        `evt_scale_${i}`,
      );
      const [c, h] = await Promise.all([
        post(confirmAt.url, `/api/checkout/orders/${o.order_id}/confirm`, {
          razorpay_order_id: o.payment.provider_order_id,
          razorpay_payment_id: payId,
          razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
        }),
        fetch(`${hookAt.url}/api/payments/razorpay/webhook`, { method: "POST", body: e.body, headers: e.headers }),
      ]);
      expect([c.status, h.status]).toEqual([200, 200]);
      const [row] = await scratch.query<{ n: string }>(`select count(*) as n from licences where order_id = ${o.order_id}`);
      expect(Number(row.n)).toBe(1);
    }
    const [placed] = await scratch.query<{ n: string }>(
      `select count(*) as n from orders where payment_id like 'pay_SCALE%' and status = 'placed'`,
    );
    expect(Number(placed.n)).toBe(50);
  });

  it("a rolling restart under 50 connections: no 5xx, no reset, no acknowledged message lost", async () => {
    const load = startLoad(nginx.url, { clients: 50, contactsPerClient: 15, pauseMs: 40 });
    await new Promise((r) => setTimeout(r, 1500));
    for (const i of [0, 1]) {
      // A kept-alive connection opened before SIGTERM still gets an answer after it: /readyz 503,
      // and the connection closed by the server after that answer, while the socket stays open.
      const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await get(probe, ports[i], "/healthz")).status).toBe(200);
      servers[i].proc.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      expect(await get(probe, ports[i], "/readyz")).toEqual({ status: 503, connection: "close" });
      expect((await get(new http.Agent(), ports[i], "/healthz")).status).toBe(200);
      probe.destroy();
      await stopServer(servers[i]);
      await new Promise((r) => setTimeout(r, 500));
      servers[i] = await start(i);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const result = await load.stop();
    const stored = new Set(
      (await scratch.query<{ message: string }>("select message from contact_messages where message like 'Rolling restart%'")).map(
        (r) => r.message,
      ),
    );
    figureRow("rolling restart behind nginx", {
      requests: result.requests,
      statuses: JSON.stringify(Object.fromEntries(result.statuses)),
      errors: result.errors.length,
      acknowledged: result.acknowledged.length,
      stored: stored.size,
    });
    expect(result.errors).toEqual([]);
    // On failure, nginx's own account of each 5xx (its error log, summarised) explains it.
    const proxyErrors = nginx.errorLog().match(/\[(?:error|crit)\] [^,]*/g) ?? [];
    const summary = [...new Set(proxyErrors.map((e) => e.replace(/\d+#\d+: \*\d+ /, "")))].slice(0, 10).join("\n");
    expect(
      [...result.statuses.keys()].filter((s) => s >= 500),
      summary,
    ).toEqual([]);
    expect(result.acknowledged.length).toBeGreaterThan(100);
    expect(result.acknowledged.filter((m) => !stored.has(m))).toEqual([]);
  }, 150_000);
});

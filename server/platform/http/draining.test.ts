import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { drainable } from "./draining";

let server: http.Server;
let base = "";
let drain: () => void;

beforeAll(async () => {
  const wrapped = drainable((_req, res) => res.end("ok"));
  drain = wrapped.drain;
  server = http.createServer(wrapped.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("passes requests through until drain, then fails /readyz and closes every connection after its answer", async () => {
  const before = await fetch(`${base}/readyz`);
  expect(before.status).toBe(200);
  expect(before.headers.get("connection")).toBe("keep-alive");
  await before.text();

  drain();
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: "error", message: "The server is shutting down." });
  const page = await fetch(`${base}/login`);
  expect(await page.text()).toBe("ok");
  expect(page.headers.get("connection")).toBe("close");
});

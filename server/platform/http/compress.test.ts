import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressDynamic } from "./compress";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
const app = new Hono();
app.use(compressDynamic());
app.get("/page", (c) => c.html(`<p>${"hello ".repeat(500)}</p>`));
app.get("/api/list", (c) => c.json(big));
app.post("/api/write", (c) => c.json({ ...big, status: "success" }, 201));
app.get("/plain", (c) => c.body(new Uint8Array(2048), 200, { "content-type": "image/png" }));

const get = (path: string, encoding?: string, method = "GET") =>
  app.request(path, { method, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("compressDynamic", () => {
  it("gzips pages and API reads for clients that accept it, with Vary", async () => {
    for (const path of ["/page", "/api/list"]) {
      const res = await get(path, "gzip, deflate, br");
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
    }
    const json = await get("/api/list", "gzip");
    const text = await new Response(json.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    expect(JSON.parse(text)).toEqual(big);
  });

  it("sends plain answers with Vary when the client accepts no compression", async () => {
    const res = await get("/page");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toContain("hello hello");
  });

  it("never compresses answers to API writes, nor incompressible types", async () => {
    const write = await get("/api/write", "gzip", "POST");
    expect(write.status).toBe(201);
    expect(write.headers.get("content-encoding")).toBeNull();
    expect((await write.json()).status).toBe("success");
    expect((await get("/plain", "gzip")).headers.get("content-encoding")).toBeNull();
  });
});

import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { requestDeadlines } from "./request-deadlines";

// A real node:http server whose handler reads the body slowly, as the build upload does; clients
// dribble bytes over a raw socket.
let close = () => {};
afterEach(() => close());

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const deadlines = requestDeadlines({
    requestMs: 600,
    isLongUpload: (req) => req.method === "POST" && req.url === "/api/admin/artifacts",
    uploadIdleMs: 500,
    checkEveryMs: 50,
  });
  const server = http.createServer({ requestTimeout: 60_000, connectionsCheckingInterval: 1_000 }, (req, res) => {
    deadlines.track(req, res);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => {
    deadlines.stop();
    server.closeAllConnections();
    server.close();
  };
  return (server.address() as AddressInfo).port;
}

/** Sends a POST head for a 1,000-byte body, then one byte every `everyMs`; resolves with how long the socket lived and what came back. */
function dribble(port: number, path: string, everyMs: number, giveUpMs: number): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n`),
    );
    const timer = setInterval(() => socket.writable && socket.write("x"), everyMs);
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ms: performance.now() - started, answer });
    };
    const giveUp = setTimeout(done, giveUpMs);
    socket.on("data", (d) => (answer += String(d)));
    socket.on("close", done);
    socket.on("error", done);
  });
}

const consume = (req: http.IncomingMessage, res: http.ServerResponse) => {
  req.resume();
  req.on("end", () => res.end("ok"));
};

describe("request deadlines", () => {
  it("cuts an ordinary request whose body is still arriving after requestMs, with Node's 408", async () => {
    const port = await serve(consume);
    const { ms, answer } = await dribble(port, "/api/contact-general", 100, 5_000);
    expect(ms).toBeGreaterThan(500);
    expect(ms).toBeLessThan(1_500);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  });

  it("lets a build upload that keeps sending run past requestMs, and cuts it once it stalls for uploadIdleMs", async () => {
    const port = await serve(consume);
    const steady = await dribble(port, "/api/admin/artifacts", 100, 2_000);
    expect(steady.ms).toBeGreaterThan(1_900); // alive until the client gave up, over three times requestMs
    const stalled = await dribble(port, "/api/admin/artifacts", 60_000, 5_000);
    expect(stalled.ms).toBeLessThan(1_500);
    expect(stalled.answer).toMatch(/^HTTP\/1.1 408/);
  });

  it("an upload answered at once (refused) gets the ordinary deadline for the rest of its body", async () => {
    const port = await serve((req, res) => {
      res.writeHead(401, { "content-type": "text/plain" });
      res.end("sign in");
    });
    const { ms, answer } = await dribble(port, "/api/admin/artifacts", 100, 5_000);
    expect(answer).toMatch(/^HTTP\/1.1 401/);
    expect(ms).toBeLessThan(1_500);
  });
});

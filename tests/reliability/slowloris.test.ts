import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureRow } from "./helpers/figures";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Slowloris: with no server timeouts, 1,000 connections sending one byte every 5 s
// stayed open past 80 s. The defaults (headers 10 s, whole request 30 s) must cut them.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  if (server) await stopServer(server);
});

/** Opens `count` connections that send `head`, then one more byte every 5 s; resolves with each one's open time. */
function dribble(count: number, head: string, byte: string, giveUpMs: number): Promise<number[]> {
  const { port } = new URL(server.url);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(head));
          const timer = setInterval(() => socket.writable && socket.write(byte), 5_000);
          const done = () => {
            clearInterval(timer);
            clearTimeout(giveUp);
            socket.destroy();
            resolve(performance.now() - started);
          };
          const giveUp = setTimeout(done, giveUpMs);
          socket.on("close", done);
          socket.on("error", done);
          socket.resume();
        }),
    ),
  );
}

describe("slow clients", () => {
  it("cuts 1,000 connections dribbling their headers, and one dribbling its body", async () => {
    const giveUpMs = 60_000;
    const [headers, bodies, uploads] = await Promise.all([
      dribble(1000, "GET / HTTP/1.1\r\nHost: x\r\n", "X", giveUpMs),
      dribble(
        20,
        "POST /api/contact-general HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
        " ",
        giveUpMs,
      ),
      // The build upload may outlast REQUEST_TIMEOUT_MS while it keeps sending, but only once signed
      // in: an anonymous one is refused at once and then held to the ordinary deadline.
      dribble(
        20,
        "POST /api/admin/artifacts HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n",
        " ",
        giveUpMs,
      ),
    ]);
    // The server still answers others meanwhile.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const slowestHeaders = Math.max(...headers);
    const slowestBody = Math.max(...bodies);
    const slowestUpload = Math.max(...uploads);
    figureRow("slowloris, 1,000 connections, a byte every 5 s", {
      "slowest header dribbler cut after s": slowestHeaders / 1000,
      "slowest body dribbler cut after s": slowestBody / 1000,
      "slowest anonymous upload dribbler cut after s": slowestUpload / 1000,
    });
    expect(slowestHeaders).toBeLessThan(20_000);
    expect(slowestBody).toBeLessThan(45_000);
    expect(slowestUpload).toBeLessThan(45_000);
  }, 90_000);
});

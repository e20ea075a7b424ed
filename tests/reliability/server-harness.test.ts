import http from "node:http";
import { once } from "node:events";
import { afterAll, expect, it } from "vitest";
import { hasNginx, startNginx } from "./helpers/nginx";
import { reservePort, startServer, stopServer, type RunningServer } from "./helpers/server";

// The checks trust that the server they started is the one answering on its port. A process left
// on a port of the range (by another check, or anything else on the machine) answers /readyz too:
// a kill round then acknowledged every post from that process, stored on another database.

let impostor: http.Server | undefined;
let started: RunningServer | undefined;
afterAll(async () => {
  if (started) await stopServer(started);
  impostor?.close();
});

it("never takes another process on the port for the server it started", async () => {
  const before = await reservePort();
  const taken = before + 1; // the port the next startServer() would take
  impostor = http.createServer((_req, res) => res.end("ok")).listen(taken, "127.0.0.1");
  await once(impostor, "listening");

  // A port given explicitly: the server cannot listen there, and the harness says so.
  await expect(startServer({ port: taken })).rejects.toThrow(/server exited early/);

  // A port from the range: the busy one is skipped.
  started = await startServer();
  expect(Number(new URL(started.url).port)).toBeGreaterThan(taken);
  expect(started.output()).toContain(`"msg":"listening"`);
}, 200_000);

it("never hands out a port something listens on, nor lets nginx start on one", async () => {
  const before = await reservePort();
  const busy = http.createServer((_req, res) => res.end("ok")).listen(before + 1, "127.0.0.1");
  await once(busy, "listening");
  try {
    expect(await reservePort()).toBeGreaterThan(before + 1);
    if (hasNginx) {
      await expect(startNginx({ listenPort: before + 1, upstreamPorts: [before] })).rejects.toThrow(/is taken/);
    }
  } finally {
    busy.close();
  }
});

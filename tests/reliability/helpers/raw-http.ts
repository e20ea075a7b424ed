import net from "node:net";

export type RawAnswer = { status: number; head: string; ms: number; bytesSent: number; closed: boolean };

/**
 * Sends a request head, then body chunks at a pace, on a bare socket, and reports the status line the
 * server answered with and how much of the body had gone out by then. The server must answer
 * (and may close) before the whole body is sent; a server that waits for the body never answers
 * within `timeoutMs` and the status is 0.
 */
export function rawRequest(
  url: string,
  head: string,
  body: { chunk: Buffer; count: number; everyMs: number; chunked?: boolean },
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let bytesSent = 0;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(deadline);
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({
        status: match ? Number(match[1]) : 0,
        head: received.split("\r\n\r\n")[0],
        ms: performance.now() - started,
        bytesSent,
        closed,
      });
      socket.destroy();
    };
    const deadline = setTimeout(() => finish(false), timeoutMs);
    socket.on("data", (d) => {
      received += d.toString("latin1");
      if (received.includes("\r\n\r\n")) setTimeout(() => finish(socket.readableEnded), 200);
    });
    socket.on("end", () => finish(true));
    socket.on("error", () => finish(true));
    socket.on("connect", () => {
      socket.write(head);
      let sent = 0;
      timer = setInterval(() => {
        if (sent >= body.count || socket.destroyed) return clearInterval(timer);
        const data = body.chunked
          ? Buffer.concat([Buffer.from(`${body.chunk.length.toString(16)}\r\n`), body.chunk, Buffer.from("\r\n")])
          : body.chunk;
        socket.write(data);
        bytesSent += body.chunk.length;
        sent++;
      }, body.everyMs);
    });
  });
}

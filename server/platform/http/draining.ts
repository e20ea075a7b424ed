import type { RequestListener } from "node:http";

/**
 * Graceful shutdown, seen from the clients: once drain() is called (SIGTERM), every answer closes
 * its connection (so keep-alive clients reconnect elsewhere instead of queueing more requests on a
 * server that is going away) and /readyz answers 503 so a load balancer stops routing here. Without
 * it, clients on kept-alive connections would get /readyz 200 for the whole drain.
 */
export function drainable(next: RequestListener): { listener: RequestListener; drain: () => void } {
  let draining = false;
  const listener: RequestListener = (req, res) => {
    if (draining) {
      res.shouldKeepAlive = false;
      const url = req.url ?? "/";
      if (url === "/readyz" || url.startsWith("/readyz?")) {
        res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
        res.end(JSON.stringify({ status: "error", message: "The server is shutting down." }));
        return;
      }
    }
    next(req, res);
  };
  return { listener, drain: () => void (draining = true) };
}

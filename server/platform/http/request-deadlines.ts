import type { IncomingMessage, ServerResponse } from "node:http";

export type RequestDeadlineOptions = {
  /** A request must arrive whole (head and body) within this time: REQUEST_TIMEOUT_MS. */
  requestMs: number;
  /** Requests that may take longer while their handler reads a large body: the build upload. */
  isLongUpload: (req: IncomingMessage) => boolean;
  /** Such a request is cut when no byte arrived for this long: ARTIFACT_UPLOAD_IDLE_MS. */
  uploadIdleMs: number;
  /** How often the deadlines are checked (Node checks its own every connectionsCheckingInterval). */
  checkEveryMs?: number;
  now?: () => number;
};

type Pending = { req: IncomingMessage; res: ServerResponse; start: number; long: boolean; bytes: number; lastProgress: number };

// Node's own 408 for a request past requestTimeout, written the same way: raw on the socket, then closed.
const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";

/**
 * Node's requestTimeout is one number for every request, so 30 s either cuts a large build on a slow
 * link or lets every slow client hold a connection for hours. This keeps 30 s (REQUEST_TIMEOUT_MS)
 * for every request but the build upload, which is instead cut when it stalls for uploadIdleMs;
 * Node's requestTimeout stays above both as the absolute cap. The long allowance lasts only while the
 * answer is unsent: an upload refused at once (401, 403) falls back to the 30 s deadline, so an
 * anonymous client cannot dribble a body to that path for long.
 */
export function requestDeadlines(options: RequestDeadlineOptions) {
  const now = options.now ?? Date.now;
  const pending = new Set<Pending>();
  const timer = setInterval(sweep, options.checkEveryMs ?? 1_000);
  timer.unref();

  function sweep() {
    const at = now();
    for (const p of pending) {
      if (p.req.complete || p.req.socket.destroyed) {
        pending.delete(p);
        continue;
      }
      const read = p.req.socket.bytesRead;
      if (read !== p.bytes) {
        p.bytes = read;
        p.lastProgress = at;
      }
      const long = p.long && !p.res.writableEnded;
      const late = long ? at - p.lastProgress > options.uploadIdleMs : at - p.start > options.requestMs;
      if (!late) continue;
      pending.delete(p);
      const socket = p.req.socket;
      if (p.res.headersSent || !socket.writable) {
        socket.destroy();
        continue;
      }
      socket.end(TIMED_OUT, () => socket.destroy());
      setTimeout(() => socket.destroy(), 1_000).unref();
    }
  }

  return {
    /** Called for every request as it arrives. */
    track(req: IncomingMessage, res: ServerResponse) {
      if (req.complete) return;
      const at = now();
      pending.add({ req, res, start: at, long: options.isLongUpload(req), bytes: req.socket.bytesRead, lastProgress: at });
    },
    stop: () => clearInterval(timer),
    /** How many requests are still receiving their body (tests). */
    size: () => pending.size,
  };
}

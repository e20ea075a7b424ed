import http from "node:http";

/** What the load saw: every answer's status, every transport error, the contact posts answered 201. */
export interface LoadResult {
  statuses: Map<number, number>;
  errors: string[];
  acknowledged: string[];
  requests: number;
}

const READ_PATHS = ["/", "/healthz", "/Projects", "/Blog", "/About", "/robots.txt"];

/**
 * `clients` keep-alive clients through `baseUrl`, each from its own loopback address (127.0.1.N)
 * so the proxy's and the app's per-address limits see separate visitors, as on the internet. Each
 * mixes reads with contact posts (at most `contactsPerClient`, below CONTACT_RATE_LIMIT) and rests
 * `pauseMs` between requests, until stop() is called.
 */
export function startLoad(baseUrl: string, opts: { clients: number; contactsPerClient: number; pauseMs: number }) {
  const url = new URL(baseUrl);
  const result: LoadResult = { statuses: new Map(), errors: [], acknowledged: [], requests: 0 };
  let running = true;
  const one = (agent: http.Agent, localAddress: string, method: string, path: string, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          localAddress,
          headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  const clients = Array.from({ length: opts.clients }, async (_, c) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = `127.0.1.${c + 1}`;
    let posted = 0;
    for (let n = 0; running; n++) {
      const post = n % 4 === 3 && posted < opts.contactsPerClient;
      const text = `Rolling restart c${c} n${n}`;
      try {
        result.requests++;
        const status = post
          ? await one(
              agent,
              localAddress,
              "POST",
              "/api/contact-general",
              JSON.stringify({ name: `Load ${c}`, email: "load@example.com", message: text }),
            )
          : await one(agent, localAddress, "GET", READ_PATHS[n % READ_PATHS.length]);
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        if (post) posted++;
        if (post && status === 201) result.acknowledged.push(text);
      } catch (err) {
        result.errors.push(`${post ? "POST" : "GET"}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
      await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
    agent.destroy();
  });
  return {
    result,
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return result;
    },
  };
}

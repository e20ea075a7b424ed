import path from "node:path";
import { fileURLToPath } from "node:url";
import { bench } from "./config";
import { type Child, startChild, waitReady } from "./processes";

const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), "probe.mjs");

export type AppServer = Child & { url: string; eventLoopDelay(): Promise<{ eldP99: number; eldMax: number }>; resetEventLoopDelay(): void };

/** The production server ($BUILD_DIR/server.js) on one database, with the event-loop probe. */
export async function startAppServer(
  db: { DATA_DIR?: string; DATABASE_URL?: string },
  env: Record<string, string> = {},
  port = bench.port,
): Promise<AppServer> {
  const child = startChild(
    process.execPath,
    // BENCH_SERVER_FLAGS (e.g. "--cpu-prof") profiles the server under test.
    [...(process.env.BENCH_SERVER_FLAGS?.split(" ").filter(Boolean) ?? []), "--import", probe, path.join(bench.buildDir, "server.js")],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      // The contact section posts thousands of messages a second from one address.
      CONTACT_RATE_LIMIT: "1000000000",
      DATA_DIR: db.DATA_DIR,
      DATABASE_URL: db.DATABASE_URL ?? "",
      ...env,
    },
    true,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/readyz`, child);
  } catch (err) {
    await child.stop();
    throw err;
  }
  return {
    ...child,
    url,
    resetEventLoopDelay: () => child.process.send("eld:reset"),
    eventLoopDelay: () =>
      new Promise((resolve) => {
        child.process.once("message", (m) => resolve(m as { eldP99: number; eldMax: number }));
        child.process.send("eld:report");
      }),
  };
}

/** Logs in through the API (the admin was created beforehand) and returns the bearer token. */
export async function loginToken(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { auth_token?: string; message?: string };
  if (!res.ok || !body.auth_token) throw new Error(`login failed (${res.status}): ${body.message}`);
  return body.auth_token;
}

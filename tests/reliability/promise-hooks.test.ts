import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Decision 081: React's Node renderer runs each render in an AsyncLocalStorage, and on Node 20 the
// first render left promise hooks on for the life of the process (measured: 13 % fewer licence
// validations a second). The server renders with React's edge build, so after SSR pages,
// prerendered pages and API calls the hooks must still be off.
const probe = path.resolve("tests/reliability/helpers/promise-hooks-probe.mjs");

/** Asks a process preloaded with the probe whether promise hooks are on. */
async function promiseHooksOn(pid: number, output: () => string): Promise<boolean> {
  const before = output().length;
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const line = /\{"promiseHooks":(true|false)\}/.exec(output().slice(before));
    if (line) return line[1] === "true";
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no answer from the promise-hooks probe:\n${output()}`);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ nodeArgs: ["--import", probe] });
});
afterAll(async () => {
  if (server) await stopServer(server);
});

describe("promise hooks stay off", () => {
  it("the probe sees hooks switched on by an AsyncLocalStorage (so the check below can fail)", async () => {
    let out = "";
    const child = spawn(
      process.execPath,
      ["--import", probe, "-e", "new (require('node:async_hooks').AsyncLocalStorage)().run(1, () => {}); setTimeout(() => {}, 20000);"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    child.stdout.on("data", (d) => (out += d));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(await promiseHooksOn(child.pid!, () => out)).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("after prerendered and server-rendered pages, a streamed page and API calls", async () => {
    for (const page of ["/", "/login", "/products/cyber/webtools/dirx", "/Blog", "/no-such-page"]) {
      const res = await fetch(`${server.url}${page}`, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0" } });
      expect(await res.text()).toContain("</html>");
    }
    const check = await fetch(`${server.url}/api/licenses/validate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key: "ONI-00000-00000-00000-00000-00000-00000" }),
    });
    expect(check.status).toBe(200);
    expect(await promiseHooksOn(server.proc.pid!, server.output)).toBe(false);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

export type Child = { process: ChildProcess; stop(): Promise<void>; output(): string };

/** Spawns a long-running helper and keeps its last output for error messages. */
export function startChild(command: string, args: string[], env: Record<string, string | undefined> = {}, ipc = false): Child {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx; fails with the child's output if it dies or takes too long. */
export async function waitReady(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.process.exitCode !== null) throw new Error(`${url}: the process exited (${child.process.exitCode}):\n${child.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs / 1000} s:\n${child.output()}`);
}

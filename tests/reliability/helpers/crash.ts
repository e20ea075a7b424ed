import { stopServer, type RunningServer } from "./server";

/** The visitor name of post n of worker w in round i: unique within one crashRounds call. */
export const crashName = (round: number, worker: number, n: number) => `Crash r${round}w${worker}n${n}`;

/** The name a crash message was posted with. */
export function crashNameOf(message: string): string {
  const m = /round (\d+) worker (\d+) #(\d+)/.exec(message);
  if (!m) throw new Error(`not a crash message: ${message}`);
  return crashName(Number(m[1]), Number(m[2]), Number(m[3]));
}

export type CrashOptions = {
  /** Start the random kill delay at the round's first acknowledged post, not at readiness (a slow first request would otherwise eat it). */
  killAfterFirstAck?: boolean;
  /** Start no round after this many milliseconds once `minRounds` have run (the figures say how many ran). */
  budgetMs?: number;
  minRounds?: number;
};

/**
 * The crash routine shared by both databases: each round starts the server on the same database,
 * posts contact messages from 10 concurrent clients, SIGKILLs the server at a random moment and
 * waits for the load to notice. Returns every message that was answered 201.
 */
export async function crashRounds(
  rounds: number,
  start: () => Promise<RunningServer>,
  options: CrashOptions = {},
): Promise<{ acked: Set<string>; unanswered: number; rounds: number; ports: string[] }> {
  const acked = new Set<string>();
  const ports: string[] = [];
  let unanswered = 0;
  const began = Date.now();
  let i = 0;
  for (; i < rounds; i++) {
    if (options.budgetMs && i >= (options.minRounds ?? 1) && Date.now() - began > options.budgetMs) break;
    const server = await start();
    ports.push(new URL(server.url).port);
    let stop = false;
    // Set just before the SIGKILL: a post that fails after it is cut off by the kill; one that
    // fails before it is a real failure (the server refused it or fell over on its own).
    let killing = false;
    let firstAck: () => void = () => {};
    const acking = new Promise<void>((resolve) => (firstAck = resolve));
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const message = `crash ${process.pid} round ${i} worker ${w} #${n} ${Math.random()}`;
        let res: Response;
        try {
          res = await fetch(`${server.url}/api/contact-general`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            // The name is unique too: it is the subject of the message's notification (mail-crash.test.ts).
            body: JSON.stringify({ name: crashName(i, w, n), email: "crash@example.com", message }),
          });
        } catch (err) {
          if (!killing) throw err;
          unanswered++;
          return;
        }
        if (res.status !== 201) throw new Error(`contact post answered ${res.status}: ${await res.text()}`);
        acked.add(message);
        firstAck();
      }
    };
    const load = Promise.allSettled(Array.from({ length: 10 }, (_, w) => worker(w)));
    if (options.killAfterFirstAck) await Promise.race([acking, server.exited]);
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 700));
    killing = true;
    await stopServer(server, "SIGKILL");
    stop = true;
    const failed = (await load).find((r) => r.status === "rejected");
    if (failed)
      throw new Error(`round ${i}: a contact post failed before the kill:\n${server.output().slice(-2000)}`, { cause: failed.reason });
  }
  return { acked, unanswered, rounds: i, ports };
}

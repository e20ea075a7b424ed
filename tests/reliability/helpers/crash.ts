import { stopServer, type RunningServer } from "./server";

/**
 * The crash routine shared by both databases: each round starts the server on the same database,
 * posts contact messages from 10 concurrent clients, SIGKILLs the server at a random moment and
 * waits for the load to notice. Returns every message that was answered 201.
 */
export async function crashRounds(
  rounds: number,
  start: () => Promise<RunningServer>,
): Promise<{ acked: Set<string>; unanswered: number }> {
  const acked = new Set<string>();
  let unanswered = 0;
  for (let i = 0; i < rounds; i++) {
    const server = await start();
    let stop = false;
    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const message = `crash ${process.pid} round ${i} worker ${w} #${n} ${Math.random()}`;
        try {
          const res = await fetch(`${server.url}/api/contact-general`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "Crash Test", email: "crash@example.com", message }),
          });
          if (res.status === 201) acked.add(message);
          else throw new Error(`contact post answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (server.proc.exitCode === null && server.proc.signalCode === null && !stop) {
            // The server still runs, so this failure is not the crash: wait for the kill to tell.
            await new Promise((r) => setTimeout(r, 50));
            if (server.proc.exitCode === null && server.proc.signalCode === null) throw err;
          }
          unanswered++;
          return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 700));
    await stopServer(server, "SIGKILL");
    stop = true;
    await load;
  }
  return { acked, unanswered };
}

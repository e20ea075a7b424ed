/**
 * A background job's timer: `run` after `firstAfterMs`, then `intervalMs` after each run ends (runs
 * never overlap). `run` gets `stopped()` to end a long run early; stop() waits for a run in
 * progress, so the job can be stopped before the database closes. `run` handles its own errors.
 */
export function startRepeatingJob(run: (stopped: () => boolean) => Promise<void>, intervalMs: number, firstAfterMs = 0) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const isStopped = () => stopped;
  const tick = () => {
    if (stopped) return;
    current = run(isStopped).finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, firstAfterMs);
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

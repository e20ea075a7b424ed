import { expect, it } from "vitest";
import { startRepeatingJob } from "./repeating-job";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("runs again after each run ends, never two at once; stop() waits for the run in progress and no run follows", async () => {
  let runs = 0;
  let active = 0;
  let most = 0;
  const job = startRepeatingJob(async () => {
    runs++;
    most = Math.max(most, ++active);
    await sleep(20);
    active--;
  }, 5);
  await sleep(100);
  await job.stop();
  expect(active).toBe(0);
  expect(most).toBe(1);
  expect(runs).toBeGreaterThan(1);
  const after = runs;
  await sleep(50);
  expect(runs).toBe(after);
});

it("a job stopped before its first run never runs", async () => {
  let runs = 0;
  const job = startRepeatingJob(async () => void runs++, 10, 30);
  await job.stop();
  await sleep(60);
  expect(runs).toBe(0);
});

// Preloaded into the server under test (node --import): measures its event-loop delay and reports
// over the IPC channel, so the bench reads it without any change to the server itself.
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on("message", (message) => {
  if (message === "eld:reset") histogram.reset();
  if (message === "eld:report") process.send?.({ eldP99: histogram.percentile(99) / 1e6, eldMax: histogram.max / 1e6 });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();

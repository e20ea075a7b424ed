// Preloaded into a server under test (node --import): on SIGUSR2 it prints one JSON line saying
// whether promise hooks are switched on in that process. With no async hook enabled, a promise
// reaction runs with executionAsyncId() 0; once any hook (an AsyncLocalStorage's included) is on,
// every promise gets an id of its own, and every promise of every request pays for it.
import { executionAsyncId } from "node:async_hooks";

process.on("SIGUSR2", () => {
  void Promise.resolve().then(() => console.log(JSON.stringify({ promiseHooks: executionAsyncId() !== 0 })));
});

// The few parts of autocannon 9 the bench uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  export type Result = {
    requests: { average: number; total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  /** Without a callback: an EventEmitter ("response" per answer) that is also a promise of the result. */
  function autocannon(options: Options): EventEmitter & PromiseLike<Result>;
  export default autocannon;
}

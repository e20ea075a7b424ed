import type { Config } from "../config";
import type { Db } from "../db/client";

/** What every service is built from. `now` is injectable so tests can move time. */
export type ServiceDeps = {
  db: Db;
  config: Config;
  now: () => Date;
};

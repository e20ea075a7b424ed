import type { Config } from "./config";
import type { Db } from "./db/client";

/** What every service is built from. `now` is injectable so tests can move time. */
export type ServiceDeps = {
  db: Db;
  config: Config;
  now: () => Date;
  /** Optional observers (the /metrics registry); services work the same without them. */
  observe?: ServiceObservers;
};

export type ServiceObservers = {
  /** Called with the number of messages each contact group-commit statement wrote. */
  contactBatch?: (size: number) => void;
};

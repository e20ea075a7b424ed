import type { Db } from "../../platform/db/client";

/** A database handle or a transaction on it (both run raw SQL the same way). */
export type Executor = Pick<Db, "execute">;

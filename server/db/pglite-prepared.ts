import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { nextTurn } from "./client";
import { rowsFromWire } from "./pglite-wire";

const { serialize } = protocol;

/** Per PGlite instance: each prepared statement's parameter types, as PostgreSQL described them. */
const statements = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * The rows of `text` run on PGlite as the named prepared statement `name` (decision 075).
 * PGlite's own `query` sends every statement unnamed, in six separate calls into its WebAssembly
 * PostgreSQL (parse, describe, bind, describe, execute, sync): each call parsed, analysed and
 * planned again. Here the statement is parsed once per instance, and each run is ONE call (bind,
 * describe, execute, sync), on the same locks `query` takes: the transaction lock, so it never
 * runs inside another caller's open transaction on the one connection, and the query lock.
 * Parameters are serialised as `query` does, by the types PostgreSQL gave them; rows come back as
 * `query` gives them (objects, the instance's parsers), read by rowsFromWire (decision 080).
 */
export async function pglitePreparedRows<T>(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
  /**
   * Run on the generic plan, never planned anew for the values (decision 079). PostgreSQL plans a
   * prepared statement for its values five times, then keeps doing so whenever the generic plan's
   * estimate is above those plans' average: for a code search whose first runs were exact codes
   * (one row each) that is forever, and each run paid the planning again.
   */
  options: { generic?: boolean } = {},
): Promise<T[]> {
  // As every other PGlite query here (client.ts, yieldBeforeEachQuery): let timers and sockets in first.
  await nextTurn();
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let known = statements.get(client);
      if (!known) statements.set(client, (known = new Map()));
      let paramTypes = known.get(name);
      if (!paramTypes) {
        const { messages } = await client.execProtocol(
          Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()]),
          { syncToFs: false },
        );
        paramTypes = parse.parseDescribeStatementResults(messages);
        known.set(name, paramTypes);
      }
      const types = paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]];
        return serializer ? serializer(value) : String(value);
      });
      const run = [serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()];
      // The setting holds for this run only: set before the bind (where the plan is chosen), reset in
      // the same call, after the sync, so it is reset even when the run fails.
      const message = Buffer.concat(
        options.generic
          ? [serialize.query("set plan_cache_mode = force_generic_plan"), ...run, serialize.query("reset plan_cache_mode")]
          : run,
      );
      // The raw answer, read by rowsFromWire instead of PGlite's parser (decision 080). The chunks
      // are views of PGlite's buffers, reused by its next call: copied here.
      const chunks: Buffer[] = [];
      await client.execProtocolRawStream(message, { onRawData: (chunk) => void chunks.push(Buffer.from(chunk)) });
      return rowsFromWire<T>(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), client.parsers, options.generic ? 1 : 0);
    }),
  );
}

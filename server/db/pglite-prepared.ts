import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { nextTurn } from "./client";

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
 * `query` gives them (objects, the instance's parsers).
 */
export async function pglitePreparedRows<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
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
      const { messages } = await client.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, client.parsers, { rowMode: "object" })[0].rows as T[];
    }),
  );
}

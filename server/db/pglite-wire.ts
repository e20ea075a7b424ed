import { protocol } from "@electric-sql/pglite";

/** A type OID's parser, as PGlite keeps them per instance (`client.parsers`: its defaults and array types). */
export type Parsers = Record<number, ((text: string, typeId: number) => unknown) | undefined>;

/**
 * The rows of the `result`-th statement (counted by CommandComplete) of one extended-protocol run,
 * read from PGlite's raw answer, as `parse.parseResults(messages, parsers, { rowMode: "object" })`
 * would give them (decision 080). PGlite's own reader copies every field into a new ArrayBuffer
 * before decoding it: for an admin list page (25 rows, 4.6 KB) it cost 0.22 ms, as much as
 * PostgreSQL's work for the statement. Here each field is one UTF-8 slice of the answer.
 *
 * An ErrorResponse anywhere in the answer is thrown as the DatabaseError PGlite's `execProtocol`
 * throws (the first one), read by PGlite's own parser: errors are rare, and must look the same.
 */
export function rowsFromWire<T>(raw: Buffer, parsers: Parsers, result: number): T[] {
  const rows: T[] = [];
  let names: string[] = [];
  let typeIds: number[] = [];
  let completed = 0;
  for (let at = 0; at + 5 <= raw.length;) {
    const kind = raw[at];
    const end = at + 1 + raw.readInt32BE(at + 1);
    if (end > raw.length) throw new Error("PGlite answered a truncated message");
    if (kind === 0x45 /* E: ErrorResponse */) throw firstDatabaseError(raw);
    if (kind === 0x43 /* C: CommandComplete */) completed++;
    else if (completed === result && kind === 0x54 /* T: RowDescription */) [names, typeIds] = rowDescription(raw, at + 5);
    else if (completed === result && kind === 0x44 /* D: DataRow */) rows.push(dataRow(raw, at + 5, names, typeIds, parsers) as T);
    at = end;
  }
  return rows;
}

/** Field names and type OIDs. Per field: name (C string), table OID, column, type OID, size, modifier, format. */
function rowDescription(raw: Buffer, at: number): [string[], number[]] {
  const count = raw.readInt16BE(at);
  const names: string[] = [];
  const typeIds: number[] = [];
  let p = at + 2;
  for (let i = 0; i < count; i++) {
    const nul = raw.indexOf(0, p);
    names.push(raw.toString("utf8", p, nul));
    typeIds.push(raw.readInt32BE(nul + 7));
    p = nul + 19;
  }
  return [names, typeIds];
}

/** One row as an object; later columns of the same name win, as in PGlite's parseResults. */
function dataRow(raw: Buffer, at: number, names: string[], typeIds: number[], parsers: Parsers): Record<string, unknown> {
  const count = raw.readInt16BE(at);
  const row: Record<string, unknown> = {};
  let p = at + 2;
  for (let i = 0; i < count; i++) {
    const length = raw.readInt32BE(p);
    p += 4;
    if (length === -1) {
      row[names[i]] = null;
      continue;
    }
    const text = raw.toString("utf8", p, p + length);
    p += length;
    const parser = parsers[typeIds[i]];
    row[names[i]] = parser ? parser(text, typeIds[i]) : text;
  }
  return row;
}

function firstDatabaseError(raw: Buffer): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(raw, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error("PGlite answered an error that could not be read");
}

import { afterEach, describe, expect, it, vi } from "vitest";
import { describeErrorForLog, logLine, pathForLog } from "./log";

function captured(log: () => void): string[] {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  log();
  const lines = write.mock.calls.map((call) => String(call[0]));
  write.mockRestore();
  return lines;
}

describe("logLine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes one JSON line: level name, ISO time, the fields and msg, nothing else", () => {
    const lines = captured(() => logLine({ level: "warn", msg: "request", method: "GET", path: "/x", status: 404, ms: 1 }));
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("}\n")).toBe(true);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(line).toEqual({ level: "warn", time: expect.any(String), msg: "request", method: "GET", path: "/x", status: 404, ms: 1 });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
  });

  it("censors secrets a caller passes by mistake, and keeps an error's stack and query out", () => {
    const err = new Error("Failed query: select * from sessions where token_hash = $1\nparams: 0123abcd");
    const [out] = captured(() =>
      logLine({
        level: "error",
        msg: "oops",
        cookie: "session_id=tok-1",
        headers: { authorization: "Bearer tok-2", accept: "text/html" },
        token: "tok-3",
        licenceKey: "KEY-4",
        html: "<p>body-5</p>",
        text: "body-6",
        message: "body-7",
        err,
      }),
    );
    for (const secret of ["tok-1", "tok-2", "tok-3", "KEY-4", "body-5", "body-6", "body-7", "0123abcd", "at ", "log.test"]) {
      expect(out).not.toContain(secret);
    }
    expect(JSON.parse(out)).toMatchObject({
      headers: { authorization: "[redacted]", accept: "text/html" },
      err: { error: "database query failed", statement: "select * from" },
    });
  });
});

describe("describeErrorForLog", () => {
  it("keeps neither the SQL parameters nor the body of a failed Drizzle query", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "coupons_code_key"'), { code: "23505" });
    const err = new Error("Failed query: insert into contact_messages (name, message) values ($1, $2)\nparams: Ada,my secret message", {
      cause,
    });
    const described = describeErrorForLog(err);
    expect(JSON.stringify(described)).not.toContain("secret");
    expect(JSON.stringify(described)).not.toContain("Ada");
    expect(described).toEqual({ error: "database query failed", statement: "insert into contact_messages", sqlState: "23505" });
  });

  it("keeps only the SQLSTATE of node-postgres's own error (a direct client call's), whose message may quote a value", () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "my secret"'), { code: "22P02", severity: "ERROR" });
    const described = describeErrorForLog(err);
    expect(JSON.stringify(described)).not.toContain("secret");
    expect(described).toEqual({ error: "database query failed", sqlState: "22P02" });
  });

  it("shortens other errors to 200 characters", () => {
    const described = describeErrorForLog(new TypeError("x".repeat(500)));
    expect(String(described.error)).toHaveLength(200);
    expect(described.errorName).toBe("TypeError");
  });
});

describe("pathForLog", () => {
  it("hides a download link's token and leaves other paths alone", () => {
    expect(pathForLog("/dl/12.0.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ")).toBe("/dl/[redacted]");
    expect(pathForLog("/releases/dirx/2.1/SHA256SUMS")).toBe("/releases/dirx/2.1/SHA256SUMS");
    expect(pathForLog("/api/downloads")).toBe("/api/downloads");
  });
});

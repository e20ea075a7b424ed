import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeDatabase, missingDatabase } from "./cli-database";

describe("the CLI tools' database", () => {
  it("names the embedded database by its full path, and PostgreSQL by host and database without the password", () => {
    expect(describeDatabase({ DATA_DIR: "./data", DATABASE_URL: undefined })).toBe(
      `the embedded database in ${path.resolve("data", "pglite")} (DATA_DIR=./data)`,
    );
    const pg = describeDatabase({ DATA_DIR: "./data", DATABASE_URL: "postgres://app:s3cret@db.internal:5432/site" });
    expect(pg).toBe("PostgreSQL at db.internal:5432/site (DATABASE_URL)");
    expect(pg).not.toContain("s3cret");
  });

  it("refuses an embedded DATA_DIR that holds no database, unless a new one is asked for", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "cli-db-")), "data");
    expect(missingDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }, false)).toMatch(
      /^There is no database in .+: the server has not run/,
    );
    expect(missingDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }, false)).toContain("--new-database");
    expect(missingDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }, true)).toBeNull();
    expect(missingDatabase({ DATA_DIR: dir, DATABASE_URL: "postgres://localhost/x" }, false)).toBeNull();
    mkdirSync(path.join(dir, "pglite"), { recursive: true });
    writeFileSync(path.join(dir, "pglite", "PG_VERSION"), "17\n");
    expect(missingDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }, false)).toBeNull();
  });
});

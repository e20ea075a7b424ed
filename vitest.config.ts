import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Server tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
// In CI a missing PostgreSQL is a failure, never a silent skip.
const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !pgUrl) throw new Error("CI must set TEST_DATABASE_URL so the API tests also run on PostgreSQL.");

// globalSetup migrates one database per run; each test file gets a fresh copy (tests/helpers/test-db.ts).
// isolate: false: a worker keeps its imported modules from one test file to the next. Each file still
// builds its own app and database (tests/helpers/test-app.ts), so no state is shared through them, and
// importing the server's module graph once per worker instead of once per file took the suite's import
// time from 410 s to 22 s (docs/benchmarks.md, "Unit suite").
const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  isolate: false,
  globalSetup: ["tests/helpers/test-db-template.ts"],
};

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is one worker on a 2-core machine; the workers mostly wait on the
    // database, so two there took the suite on both databases from 154 s to 98 s (docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...shared,
          name: "pglite",
          include: ["{server,app,contract}/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs", "tests/helpers/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                ...shared,
                name: "postgres",
                include: ["server/**/*.test.ts", "tests/helpers/**/*.test.ts"],
                env: { TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});

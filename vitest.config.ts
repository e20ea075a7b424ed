import { defineConfig } from "vitest/config";

// Server tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
// In CI a missing PostgreSQL is a failure, never a silent skip.
const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !pgUrl) throw new Error("CI must set TEST_DATABASE_URL so the API tests also run on PostgreSQL.");

const shared = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: { ...shared, name: "pglite", include: ["{server,app,contract}/**/*.test.{ts,tsx}"], env: { TEST_DB: "pglite" } },
      },
      ...(pgUrl ? [{ test: { ...shared, name: "postgres", include: ["server/**/*.test.ts"], env: { TEST_DB: "postgres" } } }] : []),
    ],
  },
});

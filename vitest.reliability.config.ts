import { defineConfig } from "vitest/config";

// Reliability suite (issue 5): in-process fuzzing of the API through app.request(); see docs/reliability.md.
export default defineConfig({
  test: { include: ["tests/reliability/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 60_000, env: { TEST_DB: "pglite" } },
});

import { defineConfig } from "vitest/config";

// Reliability suite (docs/reliability.md): in-process fuzzing plus checks against the real bundled server
// ($BUILD_DIR/server.js); files run one after another so spawned servers do not compete for 2 cores.
export default defineConfig({
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 200_000, // PGlite can take a minute to start on a machine shared by many test runs
    fileParallelism: false,
    env: { TEST_DB: "pglite" },
  },
});

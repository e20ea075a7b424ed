import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { buildState } from "./build-freshness.mjs";

function touch(root, file, secondsAgo) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

it("tells a missing build, a fresh one, and one older than a source (test files aside)", () => {
  const root = mkdtempSync(path.join(tmpdir(), "build-freshness-"));
  touch(root, "app/root.tsx", 100);
  expect(buildState(root)).toBe("missing");
  touch(root, "build/server.js", 50);
  expect(buildState(root)).toBe("missing");
  touch(root, "build/server/index.js", 60);
  expect(buildState(root)).toBe("fresh");
  touch(root, "server/x.test.ts", 10);
  expect(buildState(root)).toBe("fresh");
  touch(root, "server/features/deep/x.ts", 55);
  expect(buildState(root)).toBe(path.join(root, "server/features/deep/x.ts"));
  touch(root, "server/features/deep/x.ts", 70);
  touch(root, "vite.config.ts", 1);
  expect(buildState(root)).toBe(path.join(root, "vite.config.ts"));
});

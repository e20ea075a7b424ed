import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Comments and docs point the reader at files ("see server/platform/errors.ts"). A file moved or
// removed leaves such a pointer leading nowhere; this test finds them. Decision records are left
// out: they keep the words of their day and mark the paths that later changes removed
// (docs/decisions/README.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CODE_DIRS = ["server", "app", "contract", "tests", "scripts", "bench", ".ci"];
const SKIP_DIRS = new Set(["node_modules", ".git", "+types", "decisions"]);
const TEXT = /\.(ts|tsx|mjs|js|md|sql|sh|yml|json)$|^run$/;
// Paths that are not files of the repo by design: the build's output, and the fixtures
// scripts/build-freshness.test.mjs writes into a temporary folder.
const NOT_REPO_FILES = new Set(["server/index.js", "server/features/deep/x.ts", "server/x.test.ts"]);
// A path starting at one of the repo's top folders and ending in a file extension.
const CITED = /(?<![\w./@-])((?:server|app|contract|tests|scripts|bench|docs|drizzle|public|deploy)\/[\w./+-]*\.[a-z]{2,8})\b/g;

function* textFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

function citingFiles() {
  const files = CODE_DIRS.filter((d) => existsSync(path.join(root, d))).flatMap((d) => [...textFiles(path.join(root, d))]);
  const docs = path.join(root, "docs");
  if (existsSync(docs)) files.push(...textFiles(docs));
  files.push(path.join(root, "README.md"));
  return files;
}

test("every repo file a comment or a doc names exists", () => {
  const missing = [];
  for (const file of citingFiles()) {
    for (const [, cited] of readFileSync(file, "utf8").matchAll(CITED)) {
      if (NOT_REPO_FILES.has(cited) || cited.includes("*") || existsSync(path.join(root, cited))) continue;
      missing.push(`${path.relative(root, file)} names ${cited}`);
    }
  }
  expect(missing).toEqual([]);
});

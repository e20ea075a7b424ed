// First step of `npm test`: stops at once, with the command that fixes it, when the browser of the
// end-to-end tests, the Java of the HTML checker or the pdftotext of the invoice PDF test is missing
// (in CI too: a missing browser is a failure, never a skip), then builds when the build is missing
// or older than its sources, so the HTML checker and the end-to-end tests never run an old build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildState, runBuild } from "./build-freshness.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const missing = [];
if (!existsSync(chromium)) {
  missing.push(
    `Chromium not found at ${chromium} (the end-to-end tests drive it; set CHROMIUM_PATH for another place).\n  Install it: apt-get install -y chromium`,
  );
}
if (spawnSync("java", ["-version"], { stdio: "ignore" }).error) {
  missing.push("Java not found (the HTML checker vnu-jar runs on it).\n  Install it: apt-get install -y default-jre-headless");
}
if (spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).error) {
  missing.push("pdftotext not found (the invoice PDF test reads its PDF back with it).\n  Install it: apt-get install -y poppler-utils");
}
// The signature tests check our formats with verifiers no one here wrote.
const verifiers = [
  [
    "minisign",
    ["-v"],
    "minisign not found (the release signature tests verify artifacts with it).\n  Install it: apt-get install -y minisign",
  ],
  ["gpg", ["--version"], "gpg not found (the security.txt test verifies its signature with it).\n  Install it: apt-get install -y gnupg"],
  ["openssl", ["version"], "openssl not found (the licence signature tests verify with it).\n  Install it: apt-get install -y openssl"],
];
for (const [command, args, message] of verifiers) {
  if (spawnSync(command, args, { stdio: "ignore" }).error) missing.push(message);
}
if (missing.length > 0) {
  console.error(`npm test cannot run:\n${missing.map((m) => `- ${m}`).join("\n")}`);
  process.exit(1);
}

const state = buildState();
if (state === "missing") runBuild("No production build found");
else if (state !== "fresh") runBuild(`The build is older than ${state}`);

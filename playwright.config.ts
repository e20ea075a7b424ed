import { defineConfig, devices } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";

// End-to-end tests drive Debian's Chromium (no downloaded browser) against the production build,
// started on a fresh embedded database with an admin created by the real CLI.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { email: "e2e-admin@example.com", password: "e2e admin password 2026" };
// The server sends its mail to a real SMTP server (tests/e2e/mail-catcher.ts, started by
// start-server.sh) that stores each mail as a file here; the specs read links from those files.
// Fixed per port so this process and its workers agree; start-server.sh empties it at each start.
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? path.join(tmpdir(), `e2e-mail-${E2E_PORT}`);
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? E2E_PORT + 50);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { baseURL: `http://127.0.0.1:${E2E_PORT}`, trace: "off", launchOptions: chromium },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions: chromium } },
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: {
    command: "bash tests/e2e/start-server.sh",
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    // The admin CLI boots tsx and the embedded database first.
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      E2E_PORT: String(E2E_PORT),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      E2E_MAIL_DIR,
      E2E_MAIL_PORT: String(E2E_MAIL_PORT),
    },
  },
});

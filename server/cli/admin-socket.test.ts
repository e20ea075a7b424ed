import { mkdtempSync, statSync, existsSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { InvalidInputError } from "../platform/errors";
import { adminSocketPath, listenAdminSocket, sendAdminCommand } from "./admin-socket";

const calls: unknown[][] = [];
const admins = {
  async createOrReset(email: string, password: string) {
    calls.push(["create", email, password]);
    if (password.length < 12) throw new InvalidInputError("The password must be at least 12 characters long.", {});
    return { created: true, id: 1 };
  },
  async removeFactors(email: string, factor: string) {
    calls.push(["remove", email, factor]);
    return { found: email === "known@example.com" };
  },
} as never;
const signingKeys = {
  async rotate(purpose: string) {
    calls.push(["rotate", purpose]);
    return {
      keyId: "0123456789ABCDEF",
      purpose,
      algorithm: "ed25519",
      publicKey: "x",
      // Evening in UTC, past midnight in India: the key's date is India's day, with its time.
      createdAt: new Date("2026-11-27T20:00:00Z"),
      retiredAt: null,
    };
  },
} as never;

function rawRequest(socketPath: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath, () => socket.write(text));
    let answer = "";
    socket.on("data", (d) => (answer += d));
    socket.on("close", () => resolve(answer));
  });
}

it("runs the CLI's commands in the server through a 0600 socket in the data directory, removed on close", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "admin-socket-"));
  expect(await sendAdminCommand(dataDir, { command: "remove-factor", email: "a@example.com", factor: "all" })).toBeUndefined();
  const logs: unknown[] = [];
  const socket = await listenAdminSocket(dataDir, { admins, signingKeys }, (line) => logs.push(line));
  try {
    expect(statSync(adminSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    const created = await sendAdminCommand(dataDir, { command: "create", email: "new@example.com", password: "a long enough passphrase" });
    expect(created).toEqual({ code: 0, out: "Created admin new@example.com." });
    expect(await sendAdminCommand(dataDir, { command: "create", email: "new@example.com", password: "short" })).toEqual({
      code: 2,
      err: "The password must be at least 12 characters long.",
    });
    expect(await sendAdminCommand(dataDir, { command: "remove-factor", email: "known@example.com", factor: "totp" })).toEqual({
      code: 0,
      out: "Removed totp of known@example.com; its sessions were signed out.",
    });
    // npm run keys -- rotate: the new key's id and date, nothing secret.
    expect(await sendAdminCommand(dataDir, { command: "rotate-key", purpose: "licence" })).toEqual({
      code: 0,
      out: "New licence key 0123456789ABCDEF, made 28 Nov 2026, 01:30 IST (2026-11-27T20:00:00.000Z); it signs from now on, the old key stays trusted for verification.",
    });
    expect(JSON.parse(await rawRequest(adminSocketPath(dataDir), '{"command":"drop-tables"}\n'))).toMatchObject({ code: 2 });
    expect(calls).toHaveLength(4);
    // The log names the command, never the password.
    expect(JSON.stringify(logs)).not.toContain("passphrase");
  } finally {
    socket.close();
  }
  expect(existsSync(adminSocketPath(dataDir))).toBe(false);
});

import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { LogFields } from "../platform/log";
import type { Services } from "../services";
import { type AdminCommand, AdminCommandResultSchema, AdminCommandSchema, type AdminCommandResult, runAdminCommand } from "./admin-command";

// Only one process may open the embedded database (server/platform/db/data-dir-lock.ts), so while the server
// runs, `npm run admin` hands its command to the server through this socket in the data directory.
// Mode 0600: only the OS user who runs the server (and may read the data directory anyway) can
// connect. One JSON line each way: the command, then its AdminCommandResult.

const MAX_REQUEST_BYTES = 16 * 1024;

export const adminSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "admin.sock");

/** Server side: answers admin commands until close(), which also removes the socket file. */
export async function listenAdminSocket(
  dataDir: string,
  services: Pick<Services, "admins" | "signingKeys">,
  log: (line: LogFields) => void,
): Promise<{ close(): void }> {
  const socketPath = adminSocketPath(dataDir);
  // A socket file left by a killed server: this process holds the data directory's lock, so it is stale.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let request = "";
    socket.setEncoding("utf8");
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = request.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      void answer(request.slice(0, end)).then((result) => socket.end(JSON.stringify(result) + "\n"));
    });
  });
  async function answer(line: string): Promise<AdminCommandResult> {
    let parsed;
    try {
      parsed = AdminCommandSchema.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return { code: 2, err: "The server did not understand the admin command." };
    log({ level: "info", msg: "admin command from the local socket", command: parsed.data.command });
    try {
      return await runAdminCommand(services, parsed.data);
    } catch (err) {
      log({
        level: "error",
        msg: "admin command failed",
        command: parsed.data.command,
        error: err instanceof Error ? err.message : String(err),
      });
      return { code: 1, err: "The admin command failed on the server; see its log." };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // The socket file is created inside listen(): with this umask it is never open to others, not even briefly.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () => {
      server.close();
      rmSync(socketPath, { force: true });
    },
  };
}

/** CLI side: the server's answer, or undefined when no server listens on the data directory's socket. */
export function sendAdminCommand(dataDir: string, command: AdminCommand): Promise<AdminCommandResult | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(adminSocketPath(dataDir));
    let answer = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(JSON.stringify(command) + "\n");
    });
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => {
      const parsed = AdminCommandResultSchema.safeParse(safeJson(answer));
      if (parsed.success) resolve(parsed.data);
      else reject(new Error("the server's answer to the admin command was not readable"));
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(undefined);
      else reject(err);
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bench } from "./config";
import { type Child, startChild, waitReady } from "./processes";

/** Why nginx cannot be measured, or undefined when /usr/sbin/nginx (Debian package) runs. */
export function nginxMissing(): string | undefined {
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "nginx not installed: apt-get install nginx-light";
  }
}

/**
 * nginx serving one file with the same headers as the app, from its own config in a temp dir (not
 * the system service). One worker process: the Node server under test is one process too.
 */
export async function startNginx(body: Buffer, headers: Record<string, string>, contentType: string): Promise<Child & { cleanup(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  mkdirSync(path.join(dir, "www"));
  writeFileSync(path.join(dir, "www/index.html"), body);
  const skip = new Set(["content-type", "content-length", "date", "connection", "keep-alive", "etag", "vary", "transfer-encoding"]);
  const addHeaders = Object.entries(headers)
    .filter(([name]) => !skip.has(name.toLowerCase()))
    .map(([name, value]) => `      add_header ${name} "${value.replace(/"/g, '\\"')}" always;`)
    .join("\n");
  return startNginxWith(
    dir,
    `  server {
    listen 127.0.0.1:${bench.nginxPort};
    root ${dir}/www;
    location = / {
      types { }
      default_type "${contentType}";
      try_files /index.html =404;
${addHeaders}
    }
  }
`,
  );
}

/**
 * nginx on bench.nginxPort from its own config in `dir` (a temp dir, not the system service), one
 * worker process (the Node server under test is one process too), with `server` as its server block;
 * answers once `/` does, and removes `dir` on cleanup.
 */
export async function startNginxWith(dir: string, server: string): Promise<Child & { cleanup(): void }> {
  const conf = `user root;
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  sendfile on; tcp_nopush on; keepalive_requests 1000000; open_file_cache max=100;
${server}}
`;
  writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = startChild("nginx", ["-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")]);
  await waitReady(`http://127.0.0.1:${bench.nginxPort}/`, child, 10_000);
  return { ...child, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

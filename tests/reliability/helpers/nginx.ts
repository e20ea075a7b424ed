import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { portIsFree } from "./server";

/** Debian's nginx-light: `.ci/run` installs it; a missing binary fails the check in CI. */
export const nginxBinary = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const hasNginx = existsSync(nginxBinary);
export const shippedNginxConf = path.resolve("deploy/nginx.conf");

/**
 * The shipped deploy/nginx.conf with only its addresses and log paths swapped for loopback ones.
 * Each swap must match exactly once, so a change to the shipped file that the test no longer
 * exercises fails here instead of being silently tested on something else.
 */
export function renderNginxConf(shipped: string, opts: { listenPort: number; upstreamPorts: number[]; logDir: string }): string {
  let conf = shipped;
  const swap = (pattern: RegExp, replacement: string) => {
    const hits = conf.match(new RegExp(pattern.source, "gm"))?.length ?? 0;
    if (hits === 0) throw new Error(`deploy/nginx.conf no longer has ${pattern}`);
    conf = conf.replace(new RegExp(pattern.source, "gm"), replacement);
  };
  const servers = /^\s*server 127\.0\.0\.1:\d+ (.*);$/gm;
  const serverLines = [...shipped.matchAll(servers)];
  if (serverLines.length < 2) throw new Error("deploy/nginx.conf must list at least two upstream servers");
  const options = serverLines[0][1];
  conf = conf.replace(servers, "");
  swap(
    /^(\s*)upstream company_site \{$/,
    `$1upstream company_site {\n${opts.upstreamPorts.map((p) => `    server 127.0.0.1:${p} ${options};`).join("\n")}`,
  );
  swap(/^(\s*)listen 80;$/, `$1listen 127.0.0.1:${opts.listenPort};`);
  swap(/^(\s*)access_log \/var\/log\/nginx\/company-site\.access\.log;$/, `$1access_log ${opts.logDir}/access.log;`);
  swap(/^(\s*)error_log \/var\/log\/nginx\/company-site\.error\.log (\w+);$/, `$1error_log ${opts.logDir}/error.log $2;`);
  return conf;
}

export interface RunningNginx {
  url: string;
  dir: string;
  proc: ChildProcess;
  errorLog: () => string;
  stop: () => Promise<void>;
}

/** Starts nginx in the foreground with a minimal main file around the rendered site file. */
export async function startNginx(opts: { listenPort: number; upstreamPorts: number[] }): Promise<RunningNginx> {
  // nginx retries a taken port for seconds before it gives up, and meanwhile whatever holds the port
  // answers the readiness request below: the check would then talk to that process, not to nginx.
  if (!(await portIsFree(opts.listenPort))) throw new Error(`port ${opts.listenPort} is taken: nginx cannot listen there`);
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  mkdirSync(path.join(dir, "temp"));
  const site = renderNginxConf(readFileSync(shippedNginxConf, "utf8"), { ...opts, logDir: dir });
  writeFileSync(path.join(dir, "company-site.conf"), site);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/main-error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  client_body_temp_path ${dir}/temp/body;`,
      `  proxy_temp_path ${dir}/temp/proxy;`,
      `  fastcgi_temp_path ${dir}/temp/fastcgi;`,
      `  uwsgi_temp_path ${dir}/temp/uwsgi;`,
      `  scgi_temp_path ${dir}/temp/scgi;`,
      `  include ${dir}/company-site.conf;`,
      "}",
    ].join("\n"),
  );
  let out = "";
  const proc = spawn(nginxBinary, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-e", path.join(dir, "main-error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout?.on("data", (d) => (out += d));
  proc.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.on("exit", () => resolve()));
  const url = `http://127.0.0.1:${opts.listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`nginx exited: ${out}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const read = (f: string) => (existsSync(path.join(dir, f)) ? readFileSync(path.join(dir, f), "utf8") : "");
  return {
    url,
    dir,
    proc,
    errorLog: () => read("error.log") + read("main-error.log") + out,
    stop: async () => {
      if (proc.exitCode === null) proc.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

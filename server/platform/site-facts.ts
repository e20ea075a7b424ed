import { readFileSync } from "node:fs";
import path from "node:path";
import { SiteConfigSchema, type SiteConfig } from "../../contract/site-config";

/**
 * Reads and validates SITE_CONFIG_FILE. A bad file stops the server at start
 * with a message naming the file and each wrong field, never with a half-configured site.
 */
export function loadSiteConfig(file: string): SiteConfig {
  const absolute = path.resolve(file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(absolute, "utf8"));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
    throw new Error(`SITE_CONFIG_FILE ${absolute}: ${why}`, { cause: err });
  }
  const parsed = SiteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
    throw new Error(`SITE_CONFIG_FILE ${absolute} is not valid:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** PUBLIC_ORIGIN without a trailing slash, or the server's own listening origin when it is unset. */
export function resolvePublicOrigin(publicOrigin: string | undefined, host: string, port: number): string {
  if (publicOrigin) return new URL(publicOrigin).origin;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Hands this deployment's facts to the pages (app/site.ts reads them): React Router's server build
 * is a separate bundle, so the parsed config reaches it through this one global.
 */
export function publishSiteFacts(config: { site: SiteConfig; publicOrigin: string }): void {
  globalThis.__SITE_FACTS__ = { ...config.site, origin: config.publicOrigin };
}

import { Hono } from "hono";
import { ADVISORY_ID } from "../../../contract/advisories";
import type { AppEnv } from "../../app-env";
import { errorJson } from "../../platform/http/errors";
import { toOsv } from "./osv";

/**
 * /security/advisories/:id.json: a published (or withdrawn) advisory in the OSV format, outside /api
 * beside its HTML page. Drafts and unknown ids answer 404.
 */
export function advisoryFileRoutes() {
  const files = new Hono<AppEnv>();
  files.on(["GET", "HEAD"], "/security/advisories/:file{[A-Z0-9-]+\\.json}", async (c) => {
    const id = c.req.param("file").slice(0, -".json".length);
    const services = c.get("services");
    const advisory = ADVISORY_ID.test(id) ? await services.advisories.getPublic(id).catch(() => null) : null;
    if (!advisory) return errorJson(c, 404, "There is no such advisory.");
    const config = c.get("config");
    const osv = toOsv(advisory, { ecosystem: config.site.name, origin: config.publicOrigin });
    return c.json(osv, 200, { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" });
  });
  return files;
}

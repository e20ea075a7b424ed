import { type Context, Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { OPENPGP_KEY_PATH, SECURITY_TXT_PATH } from "./security-txt";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** Outside /api: security.txt (RFC 9116, signed) at its two places, and the OpenPGP key that verifies it. */
export function securityFileRoutes() {
  const files = new Hono<AppEnv>();
  const securityTxt = async (c: Context<AppEnv>) => c.body(await c.get("services").securityTxt.text(), 200, TEXT);
  files.on(["GET", "HEAD"], SECURITY_TXT_PATH, securityTxt);
  files.on(["GET", "HEAD"], "/security.txt", securityTxt);
  files.on(["GET", "HEAD"], OPENPGP_KEY_PATH, async (c) => c.body(await c.get("services").securityTxt.publicKey(), 200, TEXT));
  return files;
}

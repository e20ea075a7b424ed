import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env";
import { licenceAnswerSignedBytes } from "../../../contract/licence-file";
import { ed25519Pem } from "./licence-signer";
import { licencePublicKeys } from "./public-keys";

/**
 * Signs every answer of the licence calls, errors included: sets the Date header itself and
 * `Licence-Signature` over `date: <Date>\n<body>`. Mounted before the body limit and the API
 * router, so a 413, 415 or 429 is signed too. The JSON answers (all of them but a guard's plain
 * text) keep the text `c.json` made: reading a finished body back out of @hono/node-server's
 * lightweight Response turns it into a full one with a stream, a cost on the validation hot path.
 */
export function signLicenceAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let made: { res: Response; body: string } | undefined;
    const json = c.json.bind(c) as (...args: unknown[]) => Response;
    c.json = ((object: unknown, ...rest: unknown[]) => {
      const res = json(object, ...rest);
      made = { res, body: JSON.stringify(object) };
      return res;
    }) as typeof c.json;
    await next();
    const date = new Date().toUTCString();
    const signer = await c.get("services").licenceSigner();
    const sign = (body: string) =>
      `keyid="${signer.keyId}", algorithm="ed25519", signature="${signer.sign(licenceAnswerSignedBytes(date, body)).toString("base64")}"`;
    if (made && made.res === c.res) {
      c.res.headers.set("Date", date);
      c.res.headers.set("Licence-Signature", sign(made.body));
      return;
    }
    const res = c.res;
    const body = await res.text();
    const headers = new Headers(res.headers);
    headers.set("Date", date);
    headers.set("Licence-Signature", sign(body));
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}

/** Outside /api: the current licence key as PEM (`?key_id=` for another trusted one), for `openssl pkeyutl -pubin`. */
export function licenceKeyFileRoutes() {
  const files = new Hono<AppEnv>();
  files.on(["GET", "HEAD"], "/.well-known/licence-signing-key.pem", async (c) => {
    const { keys, key_id } = await licencePublicKeys(c.get("services"));
    const wanted = c.req.query("key_id") ?? key_id;
    const key = keys.find((k) => k.key_id === wanted);
    if (!key) return c.text("There is no licence key with that id.", 404);
    c.header("Cache-Control", "public, max-age=300");
    return c.body(ed25519Pem(key.public_key), 200, { "Content-Type": "application/x-pem-file" });
  });
  return files;
}

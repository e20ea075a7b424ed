import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { ApiError } from "../../contract/common";
import { LicenceValidateRequestSchema } from "../../contract/store";
import type { Config } from "../config";
import { DomainError } from "../services/errors";
import type { Services } from "../services/services";
import { parseWith } from "../services/validate-input";
import { clientIpOf, connectionIsHttps } from "./client-ip";
import { HttpError, httpErrorFromDomain } from "./errors";
import { describeErrorForLog, logLine } from "./log";
import { BODY_LIMIT } from "./request-guards";
import { NOTHING_RUNS_CSP, securityHeaderEntries } from "./security-headers";

/** The operation this path answers (server/api/store.ts declares it: validateLicence). */
export const LICENCE_VALIDATE_PATH = "/api/licenses/validate";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * Answers `POST /api/licenses/validate` straight on node:http, before Hono, as staticFastPath does
 * for pages (decision 041). It is the tools' hot path: the bench measured the framework's share of
 * a validation (Request/Response and header objects, middleware, dispatch) at about half of the
 * server's CPU per request, which kept PostgreSQL validation near 55-85 % of a bare server doing the
 * same lookup. The answer is the operation's own: the same schema, the same service call, the same
 * JSON, status and headers (licence-fast-path.test.ts compares the two paths answer by answer).
 *
 * Only the plain case is taken: POST to the exact path, a JSON body with a declared length within
 * the body limit, and no Origin header (tools send none; a browser's Origin goes through the app's
 * same-origin rule). Everything else (chunked bodies, other types, oversized bodies, query strings)
 * goes to `next`, where the app's guards answer it as before.
 */
export function licenceFastPath(
  services: Pick<Services, "store">,
  config: Pick<Config, "TRUST_PROXY" | "LOG_REQUESTS">,
  next: RequestListener,
  /** Counts each answer for /metrics (method, status, seconds); absent without METRICS_TOKEN. */
  record?: (method: string, status: number, seconds: number) => void,
): RequestListener {
  const fixed = (secure: boolean) => [
    "Content-Type",
    "application/json",
    "Cache-Control",
    "no-store",
    ...securityHeaderEntries(secure),
    "Content-Security-Policy",
    NOTHING_RUNS_CSP,
  ];
  const plain = fixed(false);
  const https = fixed(true);
  const decoder = new TextDecoder();

  async function answerFor(text: string, clientIp: string): Promise<Answer> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { status: 400, body: apiError("The request body is not valid JSON.") };
    }
    try {
      const input = parseWith(LicenceValidateRequestSchema, raw);
      return { status: 200, body: await services.store.licences.validate(input, clientIp) };
    } catch (thrown) {
      if (!(thrown instanceof DomainError)) throw thrown;
      const err: HttpError = httpErrorFromDomain(thrown);
      return { status: err.status, body: apiError(err.message, err.errors), headers: err.headers };
    }
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    if (!takes(req)) return next(req, res);
    const started = performance.now();
    const requestId = randomUUID();
    const socket = req.socket as IncomingMessage["socket"] & { encrypted?: boolean };
    const peer = socket.remoteAddress ?? "unknown";
    const secure = connectionIsHttps(config, socket.encrypted === true, peer, req.headers["x-forwarded-proto"]);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const text = decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      answerFor(text, clientIpOf(config, peer, req.headers["x-forwarded-for"]))
        .catch((err: unknown): Answer => {
          // A genuine bug: logged with the request id, answered without internals (as app.onError does).
          logLine({ level: "error", msg: "unhandled error", requestId, path: LICENCE_VALIDATE_PATH, ...describeErrorForLog(err) });
          return { status: 500, body: apiError("Something went wrong on our side. Please try again later.") };
        })
        .then(({ status, body, headers }) => {
          const json = JSON.stringify(body);
          // The fixed headers are one array made at start; an answer adds its own few (Retry-After) and its two values.
          const head = headers ? [...Object.entries(headers).flat(), ...(secure ? https : plain)] : (secure ? https : plain).slice();
          head.push("X-Request-Id", requestId, "Content-Length", String(Buffer.byteLength(json)));
          res.writeHead(status, head);
          res.end(json);
          const seconds = (performance.now() - started) / 1000;
          record?.("POST", status, seconds);
          if (config.LOG_REQUESTS) {
            logLine({
              level: "info",
              msg: "request",
              method: "POST",
              path: LICENCE_VALIDATE_PATH,
              status,
              ms: Math.round(seconds * 1000),
              requestId,
            });
          }
        });
    });
  };
}

/** The plain case only; anything unusual is the app's to answer. */
function takes(req: IncomingMessage): boolean {
  if (req.method !== "POST" || req.url !== LICENCE_VALIDATE_PATH) return false;
  const headers = req.headers;
  if (headers.origin !== undefined || headers["transfer-encoding"] !== undefined) return false;
  const type = headers["content-type"];
  if (type !== "application/json" && (type === undefined || type.split(";")[0].trim().toLowerCase() !== "application/json")) return false;
  const length = Number(headers["content-length"]);
  return Number.isInteger(length) && length > 0 && length <= BODY_LIMIT;
}

function apiError(message: string, errors?: Record<string, string>): ApiError {
  const body: ApiError = { status: "error", message };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return body;
}

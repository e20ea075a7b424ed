import { z } from "zod";
import { ApiErrorSchema } from "../../contract/common";
import { CouponBatchSchema, couponCodePattern } from "../../contract/coupons";
import { sessionCookieName } from "../../contract/session-cookie";
import type { Config } from "../platform/config";
import { API_TAGS, type ApiOperation } from "./operation";

export type DocumentConfig = Pick<Config, "COUPON_PREFIX" | "site" | "publicOrigin">;

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input; `errors` names each field",
  401: "Not logged in",
  403: "Cookie-authenticated change without X-Requested-With: XMLHttpRequest, or a foreign Origin",
  404: "Unknown thing",
  409: "Duplicate",
  413: "Body larger than 64 KB",
  415: "Wrong content type",
  429: "Throttled (see Retry-After)",
  503: "A service we depend on (the payment provider) did not answer; try again (see Retry-After)",
  500: "A bug on our side (no details)",
};

// Request bodies are described as the client may send them, answers as the server produces them.
// Each schema is embedded in the document, so its own "$schema" line is dropped (3.1 defaults to 2020-12).
const jsonSchema = (s: z.ZodType, io: "input" | "output") => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" });
  return rest as Record<string, unknown>;
};
const outputSchema = (s: z.ZodType) => jsonSchema(s, "output");

type ObjectSchema = { properties?: Record<string, { items?: Record<string, unknown> }> };

/** A request schema as JSON Schema (also what the contract fuzzing generates from). */
export function inputSchema(schema: z.ZodType, couponPrefix: string) {
  const result = jsonSchema(schema, "input");
  // The code format depends on COUPON_PREFIX, which the shared schema cannot know.
  const coupons = (result as ObjectSchema).properties?.coupons?.items;
  if (schema === CouponBatchSchema && coupons) coupons.pattern = couponCodePattern(couponPrefix).source;
  return result;
}

function operation(op: ApiOperation, couponPrefix: string) {
  const errors = [
    ...new Set([...(op.errors ?? []), ...(op.admin ? [401] : []), ...(op.admin && op.method !== "get" ? [403] : []), 500]),
  ].sort();
  const result: Record<string, unknown> = {
    operationId: op.operationId,
    tags: op.tags,
    summary: op.summary,
    description: op.description,
    security: op.admin ? [{ sessionCookie: [] }, { bearer: [] }] : [],
    responses: {
      [op.ok[0]]: { description: "Success", content: { [op.okContentType ?? "application/json"]: { schema: outputSchema(op.ok[1]) } } },
      ...Object.fromEntries(errors.map((s) => [s, { $ref: `#/components/responses/E${s}` }])),
    },
  };
  const parameters: unknown[] = [];
  for (const [where, schema] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!schema) continue;
    const object = inputSchema(schema, couponPrefix) as { properties: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties)) {
      parameters.push({ name, in: where, required: where === "path" || !!object.required?.includes(name), schema: property });
    }
  }
  if (parameters.length) result.parameters = parameters;
  if (op.body) {
    const content: Record<string, unknown> = { "application/json": { schema: inputSchema(op.body, couponPrefix) } };
    if (op.form) {
      const jsonFields = op.form.jsonFields.length ? `, with ${op.form.jsonFields.join(", ")} as JSON strings` : "";
      const form = { schema: { type: "object", description: `The JSON fields${jsonFields}` } };
      content["application/x-www-form-urlencoded"] = form;
      content["multipart/form-data"] = form;
    }
    result.requestBody = { required: true, content };
  }
  return result;
}

/** The OpenAPI 3.1 document of the declared operations, built from the same zod schemas that validate the requests. */
export function openApiDocument(operations: readonly ApiOperation[], config: DocumentConfig) {
  const couponPrefix = config.COUPON_PREFIX;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[`/api${op.path}`] ??= {})[op.method] = operation(op, couponPrefix);
  const errorSchema = outputSchema(ApiErrorSchema);
  return {
    openapi: "3.1.0" as const,
    info: {
      title: "Company site API",
      version: "1.0.0",
      description: "Contact forms, admin session and the admin area's product, coupon, patch, quest and overview calls.",
      contact: { name: config.site.name, email: config.site.email },
    },
    servers: [{ url: config.publicOrigin, description: "This deployment (PUBLIC_ORIGIN)" }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          // The name the server reads: over HTTPS only the __Host- cookie (contract/session-cookie.ts).
          name: sessionCookieName(config.publicOrigin.startsWith("https:")),
          description: "Changes also need X-Requested-With: XMLHttpRequest",
        },
        bearer: { type: "http", scheme: "bearer", description: "The auth_token from login (the bare token is accepted too)" },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([s, description]) => [
          `E${s}`,
          { description, content: { "application/json": { schema: errorSchema } } },
        ]),
      ),
    },
  };
}

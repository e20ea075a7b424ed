import { Hono } from "hono";
import { z } from "zod";
import { AuthCheckResponseSchema, LoginResponseSchema, LoginSchema } from "../../contract/auth";
import { ApiErrorSchema, SuccessMessageSchema } from "../../contract/common";
import {
  ContactSchema,
  MessageListQuerySchema,
  MessageListSchema,
  MessageStatusUpdatedSchema,
  MessageStatusUpdateSchema,
} from "../../contract/contact";
import { CouponBatchResponseSchema, CouponBatchSchema, couponCodePattern } from "../../contract/coupons";
import { DashboardSchema } from "../../contract/dashboard";
import { PatchCreateSchema, PatchListSchema } from "../../contract/patches";
import { ProductInformationListSchema, ProductVersionInputSchema, VersionDetailsSchema } from "../../contract/products";
import { QuestCreatedSchema, QuestCreateSchema, QuestListSchema } from "../../contract/quests";
import type { AppEnv } from "../app";

type Op = {
  method: "get" | "post" | "patch";
  path: string;
  summary: string;
  admin?: boolean;
  body?: z.ZodType;
  /** Also accepts form posts (JSON-string list fields). */
  form?: boolean;
  query?: z.ZodObject;
  ok: [number, z.ZodType];
  errors?: number[];
};

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input; `errors` names each field",
  401: "Not logged in",
  403: "Cookie-authenticated change without X-Requested-With: XMLHttpRequest, or a foreign Origin",
  404: "Unknown thing",
  409: "Duplicate",
  413: "Body larger than 64 KB",
  415: "Wrong content type",
  429: "Throttled (see Retry-After)",
  500: "A bug on our side (no details)",
};

// Request bodies are described as the client may send them, answers as the server produces them.
// Each schema is embedded in the document, so its own "$schema" line is dropped (3.1 defaults to 2020-12).
const jsonSchema = (s: z.ZodType, io: "input" | "output") => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" });
  return rest as Record<string, unknown>;
};
const inputSchema = (s: z.ZodType) => jsonSchema(s, "input");
const outputSchema = (s: z.ZodType) => jsonSchema(s, "output");

const OPS: Op[] = [
  {
    method: "post",
    path: "/api/contact-general",
    summary: "Send a contact message (home form or campus form)",
    body: ContactSchema,
    ok: [201, SuccessMessageSchema],
    errors: [400, 413, 415, 429],
  },
  {
    method: "post",
    path: "/api/admin/login",
    summary: "Log in as an administrator",
    body: LoginSchema,
    ok: [200, LoginResponseSchema],
    errors: [400, 401, 415, 429],
  },
  { method: "get", path: "/api/check/auth/admin", summary: "Check the admin session", admin: true, ok: [200, AuthCheckResponseSchema] },
  { method: "post", path: "/api/admin/logout", summary: "Log out (revokes the session)", admin: true, ok: [200, SuccessMessageSchema] },
  {
    method: "get",
    path: "/api/admin/messages",
    summary: "List contact messages, newest first",
    admin: true,
    query: MessageListQuerySchema,
    ok: [200, MessageListSchema],
    errors: [400],
  },
  {
    method: "patch",
    path: "/api/admin/messages/{id}",
    summary: "Mark a contact message new, read or archived",
    admin: true,
    body: MessageStatusUpdateSchema,
    ok: [200, MessageStatusUpdatedSchema],
    errors: [400, 404, 415],
  },
  { method: "get", path: "/api/oni/dashboard", summary: "Order and user overview", admin: true, ok: [200, DashboardSchema] },
  {
    method: "post",
    path: "/api/oni/add/product/version",
    summary: "Add a product version (creates the product when new)",
    admin: true,
    body: ProductVersionInputSchema,
    form: true,
    ok: [201, SuccessMessageSchema],
    errors: [400, 409, 413, 415],
  },
  {
    method: "post",
    path: "/api/products/informations",
    summary: "Every product version with its coupons (GET too)",
    admin: true,
    ok: [200, ProductInformationListSchema],
  },
  {
    method: "get",
    path: "/api/products/informations",
    summary: "Every product version with its coupons",
    admin: true,
    ok: [200, ProductInformationListSchema],
  },
  {
    method: "post",
    path: "/api/products/version/details",
    summary: "Product name to its versions (GET too)",
    admin: true,
    ok: [200, VersionDetailsSchema],
  },
  {
    method: "get",
    path: "/api/products/version/details",
    summary: "Product name to its versions",
    admin: true,
    ok: [200, VersionDetailsSchema],
  },
  {
    method: "post",
    path: "/api/products/coupon/update",
    summary: "Store a batch of coupon codes (all or nothing)",
    admin: true,
    body: CouponBatchSchema,
    ok: [200, CouponBatchResponseSchema],
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "post",
    path: "/api/products/version/patch/create",
    summary: "Create a patch release of a version",
    admin: true,
    body: PatchCreateSchema,
    ok: [201, SuccessMessageSchema],
    errors: [400, 404, 409, 415],
  },
  {
    method: "get",
    path: "/api/products/version/patches",
    summary: "Patch releases, newest first",
    admin: true,
    ok: [200, PatchListSchema],
  },
  {
    method: "post",
    path: "/api/devquests",
    summary: "Add a quest module",
    admin: true,
    body: QuestCreateSchema,
    ok: [201, QuestCreatedSchema],
    errors: [400, 415],
  },
  { method: "get", path: "/api/devquests", summary: "Quest modules, newest first (public, at most 100)", ok: [200, QuestListSchema] },
];

function operation(op: Op) {
  const errors = [
    ...new Set([...(op.errors ?? []), ...(op.admin ? [401] : []), ...(op.admin && op.method !== "get" ? [403] : []), 500]),
  ].sort();
  const json = (schema: z.ZodType, io: "input" | "output") => ({
    "application/json": { schema: io === "input" ? inputSchema(schema) : outputSchema(schema) },
  });
  const result: Record<string, unknown> = {
    summary: op.summary,
    security: op.admin ? [{ sessionCookie: [] }, { bearer: [] }] : [],
    responses: {
      [op.ok[0]]: { description: "Success", content: json(op.ok[1], "output") },
      ...Object.fromEntries(errors.map((s) => [s, { $ref: `#/components/responses/E${s}` }])),
    },
  };
  const parameters: unknown[] = [];
  if (op.path.includes("{id}")) parameters.push({ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } });
  if (op.query) {
    const props = inputSchema(op.query).properties as Record<string, unknown>;
    for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: "query", required: false, schema });
  }
  if (parameters.length) result.parameters = parameters;
  if (op.body) {
    const content: Record<string, unknown> = json(op.body, "input");
    if (op.form) {
      const form = { schema: { type: "object", description: "The JSON fields, with os, external, python and features as JSON strings" } };
      content["application/x-www-form-urlencoded"] = form;
      content["multipart/form-data"] = form;
    }
    result.requestBody = { required: true, content };
  }
  return result;
}

/** The OpenAPI 3.1 document, built from the same zod schemas that validate the requests. */
export function openApiDocument(couponPrefix: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPS) (paths[op.path] ??= {})[op.method] = operation(op);
  // The code format depends on COUPON_PREFIX, which the shared schema cannot know.
  const batch = (
    paths["/api/products/coupon/update"].post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { items: Record<string, unknown> }> } }> };
    }
  ).requestBody.content["application/json"].schema;
  batch.properties.coupons.items.pattern = couponCodePattern(couponPrefix).source;
  const errorSchema = outputSchema(ApiErrorSchema);
  return {
    openapi: "3.1.0",
    info: {
      title: "Company site API",
      version: "1.0.0",
      description: "Contact forms, admin session and the admin area's product, coupon, patch, quest and overview calls.",
    },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "session_id",
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

export function openApiRoutes() {
  const routes = new Hono<AppEnv>();
  let cached: ReturnType<typeof openApiDocument> | undefined;
  routes.get("/openapi.json", (c) => c.json((cached ??= openApiDocument(c.get("config").COUPON_PREFIX))));
  return routes;
}

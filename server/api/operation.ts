import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { AdminEnv } from "./require-admin";

/*
 * ONE SOURCE FOR THE API SURFACE (decision 008).
 * Each area's routes file (server/features/<area>/routes.ts or <name>.routes.ts) exports its
 * operations, each declared once with defineOperation(), through the area's index.ts.
 * server/api/operations.ts lists them; from that list come the Hono routes (router.ts), the
 * OpenAPI document /api/openapi.json (openapi.ts), the drift test (openapi.test.ts) and the
 * contract fuzzing's call list (tests/reliability/fuzz-contract.test.ts). Nothing else lists routes.
 *
 * Adding a call: declare it in its area's routes file, export the array from the area's index.ts
 * and add it to operations.ts.
 *
 *   export const questOperations = [
 *     defineOperation({
 *       method: "post",
 *       path: "/devquests",                  // under /api; path parameters as {id}
 *       operationId: "createQuest",          // unique, camelCase
 *       tags: ["Quests"],                    // keys of API_TAGS below
 *       summary: "Add a quest module",
 *       description: "Stores a quest shown on the public quests page.",
 *       admin: true,                         // admin session (401) + CSRF rule (403) before the handler
 *       body: QuestCreateSchema,             // JSON body, validated: 400 field errors, 415 other types
 *       ok: [201, QuestCreatedSchema],       // the success status and answer schema
 *       errors: [400, 415],                  // other answers (401/403 for admin, and 500, are added)
 *       handler: async (c, { body }) => ({ status: "success", quest: await c.get("services").quests.create(body, actorOf(c)) }),
 *     }),
 *     defineOperation({
 *       method: "get",
 *       path: "/admin/quests.csv",
 *       operationId: "exportQuests",
 *       tags: ["Quests"],
 *       summary: "Quest modules as CSV",
 *       description: "text/csv, one quest a line.",
 *       admin: true,
 *       ok: [200, z.string()],
 *       okContentType: "text/csv",           // not JSON: the handler must build its own Response
 *       handler: (c) => csvResponse("quests.csv", QUEST_CSV_COLUMNS, c.get("services").quests.stream()),
 *     }),
 *   ];
 *
 * The handler gets the validated input and returns the JSON answer (sent with ok's status); it may
 * set headers or cookies on `c`. The compiler checks the answer against ok's schema (OperationAnswer
 * below): a missing field, a wrong type or a misspelt "success" does not build. To answer another
 * success status or headers it returns `c.json(answer, status, headers)`, checked the same way, or
 * `c.body(null, 204)`; an operation with `okContentType` returns any Response (a file, CSV, HTML).
 * `query` and `params` are zod objects over the query string and the path parameters (a path
 * parameter that does not parse answers 404: the path names no such thing).
 */

/** Every operation's tags come from here (listed in the document: Spectral's operation-tag-defined). */
export const API_TAGS = {
  Contact: "The public contact forms",
  Auth: "Admin login, session check and logout",
  Messages: "Contact messages in the admin area",
  Dashboard: "The admin overview",
  Products: "Products and their versions",
  Coupons: "Coupon codes of product versions",
  Orders: "The admin's order lookup and export",
  Patches: "Patch releases of product versions",
  Quests: "Quest modules",
  Store: "Checkout, orders and the payment webhook",
  Licences: "Licence checks for the company's tools",
  Outbox: "Mail the site wrote: its delivery state, preview and Resend",
  Releases: "Public release notes: published and withdrawn versions with their patches",
  Account: "The signed-in admin's password, sessions and second factors",
  Admins: "Admins, invitations, password resets and the audit log",
  CustomerAccount: "A customer's own account: sign-in by mailed code, orders, licence keys and machines",
  Meta: "The API's own description",
  Artifacts: "Builds of versions and patches, their download links and the tools' update check",
  Security: "Vulnerability reports from researchers (the /security form)",
} as const;
export type ApiTag = keyof typeof API_TAGS;

export type HttpMethod = "get" | "post" | "patch" | "put" | "delete";

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

/**
 * `T` with read-only arrays, which an answer may hold (the router only reads them): an array written
 * in the handler is inferred read-only (the `const` parameter of defineOperation), and services
 * hand out read-only lists.
 */
export type WithReadonlyArrays<T> = T extends readonly (infer E)[]
  ? readonly WithReadonlyArrays<E>[]
  : T extends object
    ? { [K in keyof T]: WithReadonlyArrays<T[K]> }
    : T;

/**
 * A JSON operation's own Response: through `c.json`, the ok schema's JSON with another success status
 * or headers (a `c.json` answer of another shape does not type-check), or `c.body(null, 204)`.
 */
export type JsonResponse<Ok> = Response & ({ _format: "json"; _data: Ok } | { _format: "body"; _data: null });

/**
 * A handler's answer. A JSON operation answers the JSON its ok schema parses (z.input: clients and
 * the contract fuzzing parse the body with it; the router sends it as it is) or a JsonResponse. No
 * Date where the schema has a string: c.json would write a full ISO timestamp even where the schema
 * means a day, so the service writes the string. An operation with an `okContentType` (a file, CSV,
 * HTML, plain text) builds its own Response.
 */
export type OperationAnswer<S extends z.ZodType, C extends string | undefined = undefined> = [C] extends [string]
  ? Response
  : WithReadonlyArrays<z.input<S>> | JsonResponse<z.input<S>>;

export type OperationSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  S extends z.ZodType = z.ZodType,
  C extends string | undefined = string | undefined,
  A = unknown,
> = {
  method: HttpMethod;
  /** Path under /api, OpenAPI style: "/admin/messages/{id}". */
  path: string;
  operationId: string;
  tags: [ApiTag, ...ApiTag[]];
  summary: string;
  description: string;
  /** Needs an admin session; changes also the CSRF marker (server/api/require-admin.ts). */
  admin?: boolean;
  /**
   * Also open to an admin who has not yet enrolled the second factor ADMIN_MFA_REQUIRED asks for
   * (enrolment, the Account screen's own calls, the session check, logout). Every other admin
   * operation answers 403 until a factor is on.
   */
  beforeEnrolment?: boolean;
  body?: B;
  /**
   * The body is read but validated by the service, not here (the contact post: its service is shared
   * with the pages' no-JS form actions). `body` still documents and fuzzes it.
   */
  bodyValidatedByService?: boolean;
  /** Also accept urlencoded and multipart forms; `jsonFields` arrive as JSON strings inside the form. */
  form?: { jsonFields: readonly string[] };
  query?: Q;
  params?: P;
  ok: [ContentfulStatusCode, S];
  /** The success answer's media type when it is not JSON (the handler then returns its own Response). */
  okContentType?: C;
  errors?: number[];
  /** Answers the ok schema's JSON (sent with ok's status) or its own Response (see OperationAnswer). */
  handler: (c: Context<AdminEnv>, input: { body: Input<B>; query: Input<Q>; params: Input<P> }) => A | Promise<A>;
};

/** The erased form kept in the list (each operation's own types are checked by defineOperation). */
export type ApiOperation = Omit<OperationSpec<z.ZodType, z.ZodType, z.ZodType>, "handler" | "body" | "query" | "params"> & {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  handler: (c: Context<AdminEnv>, input: { body: unknown; query: unknown; params: unknown }) => unknown;
};

export function defineOperation<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  S extends z.ZodType = z.ZodType,
  C extends string | undefined = undefined,
  // The answer's own type, checked against S. A `const` parameter keeps a written "success" the
  // literal the schema asks for; a return type in terms of S alone would widen it to string.
  const A extends OperationAnswer<S, C> = OperationAnswer<S, C>,
>(spec: OperationSpec<B, Q, P, S, C, A>): ApiOperation {
  return spec as unknown as ApiOperation;
}

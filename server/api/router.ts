import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import { NotFoundError } from "../platform/errors";
import { readBody } from "../platform/http/validate";
import { parseWith } from "../platform/validate-input";
import type { ApiOperation } from "./operation";
import { methodNotAllowed } from "./method-not-allowed";
import { API_OPERATIONS } from "./operations";
import { type AdminEnv, requireAdmin, requireAdminBeforeEnrolment } from "./require-admin";
import { z } from "zod";

const ANY_BODY = z.unknown();

/** "/admin/messages/{id}" -> "/admin/messages/:id" */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The Hono handler of one declared operation: validate its input, call it, answer its ok status. */
function handlerOf(op: ApiOperation) {
  const readOptions = op.form ? { form: { jsonFields: [...op.form.jsonFields] } } : {};
  return async (c: Context<AdminEnv>) => {
    let params: unknown;
    if (op.params) {
      const parsed = op.params.safeParse(c.req.param());
      // A path that does not parse names nothing that exists.
      if (!parsed.success) throw new NotFoundError("There is no such thing here.");
      params = parsed.data;
    }
    const query = op.query ? parseWith(op.query, c.req.query()) : undefined;
    const body = op.body ? await readBody(c, op.bodyValidatedByService ? ANY_BODY : op.body, readOptions) : undefined;
    const answer = await op.handler(c, { body, query, params });
    // A handler may answer a second success status itself (licence activation: 201 new, 200 again).
    if (answer instanceof Response) return answer;
    return c.json(answer as object, op.ok[0]);
  };
}

/** Every /api route, mounted from the declared operations (server/api/operations.ts). */
export function apiRouter(operations: readonly ApiOperation[] = API_OPERATIONS) {
  const api = new Hono<AppEnv>();
  for (const op of operations) {
    const method = op.method.toUpperCase();
    if (op.admin) api.on(method, honoPath(op.path), op.beforeEnrolment ? requireAdminBeforeEnrolment : requireAdmin, handlerOf(op));
    else api.on(method, honoPath(op.path), handlerOf(op) as unknown as (c: Context<AppEnv>) => Promise<Response>);
  }
  // Reached only when no operation above answered: a known path with another method is 405.
  api.all("*", methodNotAllowed(operations, honoPath));
  return api;
}

import type { z } from "zod";
import { type AppLoadContext, data } from "react-router";
import { originMatches } from "../../../server/platform/http/origin";
import { describeError, InvalidInputError } from "../../../server/platform/errors";
import type { Actor } from "../../../server/features/contact";
import type { ClientMeta, SessionAdmin } from "../../../server/features/identity";
import { formBooleans } from "../../../contract/form-booleans";
import { parseWith } from "../../../server/platform/validate-input";
import type { FormResult } from "../../lib/form-result";
import { formValues } from "../../lib/form-values";
import { requireAdminPage } from "./session.server";

/**
 * The guard of every admin page action. Actions are same-origin form posts (a plain post without
 * JavaScript, or a fetcher's): a cross-site form could post here with the session cookie, so the
 * Origin must be this site's, the rule server/api/require-admin.ts applies to the API (a browser
 * sends Origin with every POST). Without a session the answer is the login redirect the loaders give.
 */
export async function requireAdminAction(request: Request, context: AppLoadContext): Promise<Actor> {
  return (await requireAdminSession(request, context)).actor;
}

/**
 * requireAdminAction's guard, answering the signed-in admin too, and the client as the identity
 * services record it (their audit and security notices name the IP and the browser).
 */
export async function requireAdminSession(
  request: Request,
  context: AppLoadContext,
): Promise<{ admin: SessionAdmin; actor: Actor; meta: ClientMeta }> {
  requireSameOrigin(request, context);
  const admin = await requireAdminPage(request, context);
  return {
    admin,
    actor: { adminId: admin.id, clientIp: context.clientIp },
    meta: { clientIp: context.clientIp, userAgent: request.headers.get("user-agent") ?? null },
  };
}

/**
 * The Origin rule alone, for the signed-out forms (the login, a mailed link's password): a
 * cross-site form must not sign a browser in to another account or spend its link.
 */
export function requireSameOrigin(request: Request, context: AppLoadContext): void {
  if (
    !originMatches(
      request.headers.get("origin") ?? undefined,
      request.headers.get("host") ?? undefined,
      context.config,
      request.headers.get("sec-fetch-site"),
    )
  ) {
    throw data(failed("This request must come from the admin pages of this site."), { status: 403 });
  }
}

const failed = (message: string, errors: Record<string, string> = {}, intent?: string): FormResult<never> => ({
  ok: false,
  message,
  errors,
  ...(intent && { intent }),
});

/**
 * The posted form, validated by the call's contract schema (the one the API validates with); a
 * checkbox's "on" is the schema's boolean (contract/form-booleans.ts).
 */
export function readForm<S extends z.ZodType>(form: FormData, schema: S, arrays: readonly string[] = []): z.infer<S> {
  return parseWith(schema, formBooleans(schema, formValues(form, arrays)));
}

/** Values already gathered from a form, validated by the call's contract schema; booleans read as readForm reads them. */
export function readValues<S extends z.ZodType>(values: unknown, schema: S): z.infer<S> {
  return parseWith(schema, formBooleans(schema, values));
}

/** Refuses a form field the contract's schema does not hold (e.g. a page-only field), as the schema's errors are refused. */
export function refuseFields(errors: Record<string, string>): never {
  throw new InvalidInputError("Some fields are missing or invalid.", errors);
}

/**
 * Runs one admin change and answers its form result: the success sentence, or the domain error
 * mapped by describeError (status, message, field errors) so a refused form shows them by its
 * fields. Anything else is a bug and is rethrown to the error boundary.
 */
export async function formAction<T = undefined>(intent: string | undefined, run: () => Promise<{ message: string; value?: T }>) {
  try {
    const done = await run();
    return { ok: true as const, message: done.message, value: done.value, ...(intent && { intent }) } satisfies FormResult<T>;
  } catch (error) {
    const described = describeError(error);
    if (!described) throw error;
    return data(failed(described.message, described.fieldErrors, intent), { status: described.status, headers: described.headers });
  }
}

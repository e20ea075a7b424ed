import { type AppLoadContext, data } from "react-router";
import { originMatches } from "../../../server/platform/http/origin";
import type { Actor } from "../../../server/platform/actor";
import type { ClientMeta, SessionAdmin } from "../../../server/features/identity";
import { formFailure } from "../../lib/form-action.server";
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
    throw data(formFailure("This request must come from the admin pages of this site."), { status: 403 });
  }
}

// The page-action convention itself lives in app/lib (public and signed-out pages use it too); the
// admin screens take it from here with their guards.
export { formAction, readForm, readValues, refusedByPostedRow, refuseFields } from "../../lib/form-action.server";

import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { AppEnv } from "../../app-env";
import { describeError } from "../../platform/errors";
import { customerCookieName } from "../../../contract/account";

/** A refused page form, handed to the quest page to show beside its fields with what was typed. */
export type QuestFormRefusal = { status: number; error: string; fieldErrors: Record<string, string>; fields: Record<string, string> };

/** Renders the quest page at `path` for this request with the refusal (server/app.ts gives the page renderer). */
export type QuestPageRenderer = (c: Context<AppEnv>, path: string, refusal: QuestFormRefusal) => Promise<Response>;

/**
 * The quest page's submission form as a real multipart post (docs/decisions/108-taking-part.md): it
 * works without JavaScript and carries the file. Pages never parse multipart, so this route streams
 * the body through the API's own upload (submitForm) and answers 303 to the quest page, or renders
 * the page with the refusal. Cross-site posts are refused by sameOriginWrites and the Lax cookie,
 * as for every page form.
 */
export function questSubmissionFormRoutes(render?: QuestPageRenderer) {
  const routes = new Hono<AppEnv>();
  routes.post("/quests/:id{[0-9]{1,9}}/submission", async (c) => {
    const questId = Number(c.req.param("id"));
    const page = `/quests/${questId}`;
    // Over HTTPS only the __Host- cookie counts, as for the API (customers/customer-guard.routes.ts).
    const token = getCookie(c, customerCookieName(c.get("https")));
    const customer = token ? await c.get("services").customerSessions.customer(token) : null;
    // Signed out meanwhile: the quest page offers the sign-in that comes back here.
    if (!customer) return c.redirect(page, 303);
    const seen: { fields?: Record<string, string> } = {};
    try {
      const type = c.req.header("content-type") ?? "";
      await c
        .get("services")
        .questSubmissions.submitForm(customer.id, questId, c.req.raw.body as WebReadableStream<Uint8Array> | null, type, false, seen);
      return c.redirect(`${page}?sent=1`, 303);
    } catch (error) {
      const described = describeError(error);
      if (!described) throw error;
      const refusal = { status: described.status, error: described.message, fieldErrors: described.fieldErrors, fields: seen.fields ?? {} };
      const answer = render ? await render(c, page, refusal) : c.text(refusal.error, refusal.status as 400);
      // A body refused before its end is not read on: close rather than let Node drain it.
      answer.headers.set("Connection", "close");
      return answer;
    }
  });
  return routes;
}

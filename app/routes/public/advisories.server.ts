import { type AppLoadContext, data } from "react-router";
import { ADVISORY_ID } from "../../../contract/advisories";
import { formatDate } from "../../../contract/time";
import { type Advisory, advisoryView } from "../../../server/features/advisories";
import { renderSafeMarkdown } from "../../lib/safe-markdown.server";

/** What the public pages show of an advisory: no draft ever reaches here, and credits only with consent. */
const toView = (a: Advisory) => ({
  ...advisoryView(a),
  credits: a.credits.filter((c) => c.consent).map((c) => c.name),
  withdrawn: a.status === "withdrawn",
  published: a.publishedAt ? formatDate(a.publishedAt) : "",
  publishedIso: a.publishedAt?.toISOString() ?? "",
  modified: formatDate(a.modifiedAt),
  withdrawnOn: a.withdrawnAt ? formatDate(a.withdrawnAt) : "",
});
export type AdvisoryView = ReturnType<typeof toView>;

/** /security/advisories: published and withdrawn advisories, newest first. */
export async function loadAdvisories(context: AppLoadContext) {
  return { advisories: (await context.services.advisories.listPublic()).map(toView) };
}

/** /security/advisories/:id: one advisory with its details rendered from Markdown, safely; 404 for a draft or an unknown id. */
export async function loadAdvisory(id: string | undefined, context: AppLoadContext) {
  if (!id || !ADVISORY_ID.test(id)) throw data("There is no such advisory.", { status: 404 });
  const advisory = await context.services.advisories.getPublic(id).catch(() => null);
  if (!advisory) throw data("There is no such advisory.", { status: 404 });
  return { advisory: toView(advisory), detailsHtml: renderSafeMarkdown(advisory.details) };
}

import { Link } from "react-router";
import { SECURITY_REPORT_STATUSES, SECURITY_STATUS_TEXT } from "../../../contract/security";
import { formatDate, formatDateTime } from "../../../contract/time";
import { PageHero, Prose } from "../../components/page-hero";
import type { Route } from "./+types/security-report-status";
import { loadReportStatus } from "./security-report-status.server";

export function meta() {
  return [{ title: "Your security report" }, { name: "robots", content: "noindex" }];
}
// The token in the path is the only key to this page: never cached, never sent on as a referrer.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

export const loader = ({ params, context }: Route.LoaderArgs) => loadReportStatus(params.token, context);

/** /security/reports/:token: the reporter's view of their report (status and public replies), from the link we mailed. */
export default function SecurityReportStatus({ loaderData }: Route.ComponentProps) {
  if (!loaderData.report) {
    return (
      <>
        <PageHero eyebrow="Security" title="Report not found" />
        <Prose>
          <p>There is no report at this link. Check that the whole link from our mail was opened, or write to us from the <Link className="text-sky-800 underline" to="/security">security page</Link>.</p>
        </Prose>
      </>
    );
  }
  const r = loaderData.report;
  const step = SECURITY_REPORT_STATUSES.indexOf(r.status);
  return (
    <>
      <PageHero eyebrow="Your security report" title={r.title}>
        <p>
          Sent on {formatDate(r.createdAt)}
          {r.productName ? `, about ${[r.productName, r.version].filter(Boolean).join(" ")}` : ""}.
        </p>
      </PageHero>
      <Prose>
        <section aria-labelledby="status-heading">
          <h2 id="status-heading" className="text-2xl font-bold text-slate-900">
            Status
          </h2>
          <ol className="mt-3 flex flex-wrap gap-2">
            {SECURITY_REPORT_STATUSES.map((s, i) => (
              <li
                key={s}
                aria-current={i === step ? "step" : undefined}
                className={`rounded-full border px-3 py-1 text-sm ${i === step ? "border-sky-800 bg-sky-800 font-semibold text-white" : i < step ? "border-sky-300 bg-sky-50 text-slate-900" : "border-slate-300 text-slate-700"}`}
              >
                {s}
              </li>
            ))}
          </ol>
          <p className="mt-3" data-testid="report-status">
            {SECURITY_STATUS_TEXT[r.status]}
          </p>
        </section>
        <section aria-labelledby="replies-heading">
          <h2 id="replies-heading" className="text-2xl font-bold text-slate-900">
            Our replies
          </h2>
          {r.replies.length ? (
            <ul className="mt-3 space-y-3">
              {r.replies.map((reply) => (
                <li key={reply.id} className="rounded-lg border border-slate-200 p-4" data-testid="report-reply">
                  <p className="text-sm text-slate-700">{formatDateTime(reply.createdAt)}</p>
                  <p className="mt-1 whitespace-pre-line">{reply.body}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3">No reply yet. We answer within 3 working days.</p>
          )}
        </section>
        <p className="text-sm text-slate-700">Keep this page's address to yourself: anyone with it can read this status and our replies.</p>
      </Prose>
    </>
  );
}

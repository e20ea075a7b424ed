import { type AppLoadContext, data } from "react-router";
import { domainErrorKind } from "../../../server/platform/errors";

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/** The report behind a status link, dates as ISO text; an unknown token answers 404 with its own sentence. */
export async function loadReportStatus(token: string, context: AppLoadContext) {
  try {
    const report = await context.services.securityReports.byToken(token);
    return data(
      {
        report: {
          ...report,
          createdAt: report.createdAt.toISOString(),
          updatedAt: report.updatedAt.toISOString(),
          replies: report.replies.map((r) => ({ id: r.id, body: r.body, createdAt: r.createdAt.toISOString() })),
        },
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (domainErrorKind(error) !== "not_found") throw error;
    return data({ report: null }, { status: 404, headers: NO_STORE });
  }
}

import { type AdvisorySeverity, SEVERITY_LABEL } from "../../../contract/advisories";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { enqueueMail, escapeHtml, htmlMail, mailContext, type OutboxConfig, textMail } from "../mail";
import { securityContact } from "../security";
import { advisoryScore } from "./advisory-view";

type MailConfig = OutboxConfig & Pick<Config, "site" | "publicOrigin">;
type Advisory = {
  id: string;
  title: string;
  summary: string;
  severity: AdvisorySeverity;
  cvssScoreTenths: number;
  ranges: { introduced: string; fixed: string | null }[];
};

/**
 * The notice to one licence holder whose version an advisory affects: what it is, how severe, which
 * version fixes it, and the link to the advisory. Enqueued once per licence and advisory (the caller's
 * advisory_notices row decides), in the transaction that publishes or saves the advisory.
 */
export async function enqueueAdvisoryMail(
  tx: Db,
  config: MailConfig,
  { advisory, productName, email, version }: { advisory: Advisory; productName: string; email: string; version: string },
): Promise<{ id: number }> {
  const ctx = mailContext(config);
  const link = `${config.publicOrigin}/security/advisories/${advisory.id}`;
  const severity = `${SEVERITY_LABEL[advisory.severity]} (CVSS ${advisoryScore(advisory.cvssScoreTenths)})`;
  const fix = advisory.ranges.find((r) => r.fixed)?.fixed;
  const action = fix
    ? `Update ${productName} to ${fix} or later.`
    : "No fixed version is out yet; the advisory says how to reduce the risk meanwhile.";
  const title = `Security advisory ${advisory.id} affects your ${productName} ${version}`;
  return enqueueMail(tx, config, {
    kind: "security-advisory",
    to: [email],
    replyTo: securityContact(config.site),
    subject: `${title.slice(0, 180)}`,
    html: htmlMail(
      ctx,
      title,
      `<p><strong>${escapeHtml(advisory.title)}</strong></p>
<p>${escapeHtml(advisory.summary)}</p>
<p>Severity: ${escapeHtml(severity)}.</p>
<p>${escapeHtml(action)}</p>
<p><a href="${escapeHtml(link)}" style="color:#2563eb">Read advisory ${escapeHtml(advisory.id)}</a></p>
<p style="font-size:13px">You receive this because you hold a licence for ${escapeHtml(`${productName} ${version}`)}.</p>`,
    ),
    text: textMail(
      ctx,
      title,
      `${advisory.title}\n\n${advisory.summary}\n\nSeverity: ${severity}.\n${action}\n\nRead the advisory: ${link}\n\nYou receive this because you hold a licence for ${productName} ${version}.`,
    ),
  });
}

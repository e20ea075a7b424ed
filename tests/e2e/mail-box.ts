import { expect } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_MAIL_DIR } from "../../playwright.config";
import { mailTextParts } from "../helpers/mail-text";
import { header } from "../helpers/smtp-relay";

// The mails the e2e server really delivered, as tests/e2e/mail-catcher.ts stored them: one raw
// RFC 5322 file each, names in arrival order. The Outbox shows one-time links as `[hidden]`, so a
// spec that follows a mailed link reads it here, as the recipient would.

export type DeliveredMail = { raw: string; to: string; subject: string; text: string };

/** Every delivered mail to `to` (case-insensitive), newest first; the text is the decoded text/plain part. */
export function mailsTo(to: string): DeliveredMail[] {
  const want = to.toLowerCase();
  const names = readdirSync(E2E_MAIL_DIR)
    .filter((n) => n.endsWith(".eml") && !n.startsWith("."))
    .sort()
    .reverse();
  const mails: DeliveredMail[] = [];
  for (const name of names) {
    const raw = readFileSync(path.join(E2E_MAIL_DIR, name), "utf8");
    const recipients = (header(raw, "to") ?? "").toLowerCase();
    if (!recipients.split(/[\s,<>]+/).includes(want)) continue;
    const text = mailTextParts(raw).find((p) => p.type === "text/plain")?.text ?? "";
    mails.push({ raw, to: recipients, subject: header(raw, "subject") ?? "", text });
  }
  return mails;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The path and fragment (e.g. `/admin/invite#token=…`) of the link to `linkPath` in the newest
 * delivered mail to `to` that has one; polled, as the outbox sends a moment after the answer.
 */
export async function mailedLink(to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${escape(linkPath)}#token=[A-Za-z0-9_-]+)`);
  let link = "";
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(to)) {
          const match = pattern.exec(mail.text);
          if (match) return (link = match[1]);
        }
        return "";
      },
      { timeout: 15_000, message: `a mail to ${to} with a link to ${linkPath}` },
    )
    .not.toBe("");
  return link;
}

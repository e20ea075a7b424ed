import type { OutboxTestMail } from "../../../contract/outbox";
import type { Actor } from "../../platform/actor";
import type { ServiceDeps } from "../../platform/service-deps";
import type { Audit } from "../audit";
import { escapeHtml, htmlMail, mailContext, textMail } from "./layout";
import { enqueueMail } from "./outbox";

/**
 * A test mail from the admin's Outbox: the engineer who deploys the site checks that SMTP_URL and
 * MAIL_FROM deliver, through the same outbox and sender as every other mail, so the Outbox then shows
 * what the relay answered. It carries no secret, and one audit row says who sent it where.
 */
export function createTestMail({ db, config, audit }: ServiceDeps & { audit: Audit }) {
  return {
    async send({ to }: OutboxTestMail, actor: Actor): Promise<{ id: number }> {
      const ctx = mailContext(config);
      const title = "Test mail";
      const body = `An admin of ${ctx.origin} sent this mail from the Outbox to check that the site's mail reaches ${to}. Nothing needs to be done.`;
      return db.transaction(async (tx) => {
        const { id } = await enqueueMail(tx, config, {
          kind: "test-mail",
          to: [to],
          subject: `Test mail from ${ctx.facts.name}`,
          html: htmlMail(ctx, title, `<p>${escapeHtml(body)}</p>`),
          text: textMail(ctx, title, body),
        });
        await audit.record({ ...actor, action: "mail.test", entity: "mail_outbox", entityId: id }, tx);
        return { id };
      });
    },
  };
}

export type TestMail = ReturnType<typeof createTestMail>;

import type { AppLoadContext } from "react-router";
import { OutboxTestMailSchema } from "../../../contract/outbox";
import { formAction, readForm, requireAdminAction } from "./admin-action.server";

/** Outbox → Send a test mail: queues one mail to the address typed, through the outbox like every mail. */
export async function testMailAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  // What was typed stays in the field, refused or sent (a page without JavaScript renders it again).
  const typed = { to: String(form.get("to") ?? "") };
  return formAction(
    undefined,
    async () => {
      const input = readForm(form, OutboxTestMailSchema);
      const { id } = await context.services.testMail.send(input, actor);
      const sending = context.config.SMTP_URL
        ? "it goes out within a few seconds"
        : "no SMTP server is set, so it stays in the Outbox unsent";
      return { message: `A test mail to ${input.to} is queued as mail ${id}: ${sending}.`, value: typed };
    },
    { refused: () => ({ value: typed }) },
  );
}

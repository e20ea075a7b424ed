import type { AppLoadContext } from "react-router";
import { bulkDoneMessage, MessageBulkSchema, MessageIdParamsSchema, MessageStatusUpdateSchema } from "../../../contract/contact";
import { formAction, readForm, readValues, refuseFields, requireAdminAction } from "./admin-action.server";

/**
 * The Messages screen's writes, on the messages service the API's /api/admin/messages calls use,
 * validated by the same schemas. One message: a form with its `id` and a `status`, or intent=delete
 * (with or without JavaScript). Several: the bulk body as JSON, as the API takes it (sent by a
 * fetcher; the selection is a JavaScript feature of the screen).
 */
export async function messagesAction(request: Request, context: AppLoadContext) {
  const actor = await requireAdminAction(request, context);
  const messages = context.services.messages;
  if ((request.headers.get("content-type") ?? "").startsWith("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    return formAction("bulk", async () => {
      const input = readValues(body, MessageBulkSchema);
      return { message: bulkDoneMessage(input.action, await messages.bulk(input, actor)) };
    });
  }
  const form = await request.formData();
  // The status buttons send `status`; Delete sends intent=delete.
  const intent = String(form.get("intent") ?? "status");
  return formAction(intent, async () => {
    const { id } = readForm(form, MessageIdParamsSchema);
    if (intent === "delete") {
      await messages.remove(id, actor);
      return { message: "Message deleted." };
    }
    if (intent !== "status") refuseFields({ intent: "Choose what to do with the message." });
    const { status } = readForm(form, MessageStatusUpdateSchema);
    await messages.setStatus(id, status, actor);
    return { message: `Message marked ${status}.` };
  });
}

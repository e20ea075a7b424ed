import type { AppLoadContext } from "react-router";
import { IdempotencyKeySchema, LicenceExtendSchema, LicenceRevokeSchema, RefundRequestSchema } from "../../../contract/admin-order-detail";
import { InvalidInputError } from "../../../server/platform/errors";
import { formAction, readValues, requireAdminAction } from "./admin-action.server";
import { formatDate } from "../../../contract/time";

export const ORDER_INTENTS = ["receipt", "release", "revoke", "restore", "extend", "refund"] as const;

const id = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * The order page's forms, plain posts that work without JavaScript: each `intent` calls the same
 * order-desk service as its admin API call (server/features/store/order-desk.routes.ts).
 */
export async function orderAction(request: Request, context: AppLoadContext, orderId: number) {
  // Same-origin posts only (a refund moves money): the rule the admin API applies too.
  const actor = await requireAdminAction(request, context);
  const desk = context.services.orderDesk;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const licenceId = id(form.get("licence_id"));
  return formAction<{ refundKey: string }>(
    intent,
    async () => {
      switch (intent) {
        case "receipt":
          await desk.resendReceipt(orderId, actor);
          return { message: "The receipt is queued to be sent again." };
        case "release":
          await desk.releaseMachine(licenceId, id(form.get("machine_id")), actor);
          return { message: "The machine's seat is free." };
        case "revoke": {
          const { reason } = readValues({ reason: String(form.get("reason") ?? "") }, LicenceRevokeSchema, "Check the reason.");
          await desk.revoke(licenceId, reason, actor);
          return { message: "The licence is revoked: its key no longer validates." };
        }
        case "restore":
          await desk.restore(licenceId, actor);
          return { message: "The licence is restored." };
        case "extend": {
          const { months } = readValues(
            { months: String(form.get("months") ?? "") || undefined },
            LicenceExtendSchema,
            "Check the months.",
          );
          const l = await desk.extend(licenceId, months, actor);
          return { message: `The licence now runs until ${formatDate(l.expiresAt)}.` };
        }
        case "refund": {
          const refund = readValues(
            {
              amount: String(form.get("amount") ?? "").trim() || undefined,
              reason: String(form.get("reason") ?? ""),
              revoke_licence: form.get("revoke_licence") ?? undefined,
            },
            RefundRequestSchema,
            "Check the refund.",
          );
          // The key the page was rendered with: the same page posted twice is one refund (none posted: no key).
          const key = IdempotencyKeySchema.nullable().catch(null).parse(form.get("idempotency_key"));
          const done = await context.services.store.refunds.refund(orderId, refund, key, actor);
          return { message: done.message };
        }
        default:
          throw new InvalidInputError("Unknown action.");
      }
    },
    {
      // A refused refund leaves the page as it was (no reload after an error), so its form gets a fresh
      // key: the old one may name a refund the provider did not take, which answers the same again.
      refused: () => (intent === "refund" ? { value: { refundKey: crypto.randomUUID() } } : {}),
    },
  );
}

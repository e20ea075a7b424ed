import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { IdempotencyKeySchema, LicenceExtendSchema, LicenceRevokeSchema, RefundRequestSchema } from "../../../contract/admin-order-detail";
import { fieldErrorsOf } from "../../../contract/field-errors";
import { pageFailure } from "../public/store-errors.server";
import { requireAdminAction } from "./admin-action.server";
import { formatDate } from "../../../contract/time";

/** What an action on the order page answers: which form, a sentence, the fields it concerns. */
export type OrderActionResult = { intent: string; ok: boolean; message: string; errors: Record<string, string>; refundKey?: string };

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
  const answer = (ok: boolean, message: string, errors: Record<string, string> = {}, status = 200) =>
    data<OrderActionResult>({ intent, ok, message, errors }, { status });
  try {
    switch (intent) {
      case "receipt":
        await desk.resendReceipt(orderId, actor);
        return answer(true, "The receipt is queued to be sent again.");
      case "release":
        await desk.releaseMachine(licenceId, id(form.get("machine_id")), actor);
        return answer(true, "The machine's seat is free.");
      case "revoke": {
        const parsed = LicenceRevokeSchema.safeParse({ reason: String(form.get("reason") ?? "") });
        if (!parsed.success) return answer(false, "Check the reason.", fieldErrorsOf(parsed.error.issues), 400);
        await desk.revoke(licenceId, parsed.data.reason, actor);
        return answer(true, "The licence is revoked: its key no longer validates.");
      }
      case "restore":
        await desk.restore(licenceId, actor);
        return answer(true, "The licence is restored.");
      case "extend": {
        const parsed = LicenceExtendSchema.safeParse({ months: String(form.get("months") ?? "") || undefined });
        if (!parsed.success) return answer(false, "Check the months.", fieldErrorsOf(parsed.error.issues), 400);
        const l = await desk.extend(licenceId, parsed.data.months, actor);
        return answer(true, `The licence now runs until ${formatDate(l.expiresAt)}.`);
      }
      case "refund": {
        const parsed = RefundRequestSchema.safeParse({
          amount: String(form.get("amount") ?? "").trim() || undefined,
          reason: String(form.get("reason") ?? ""),
          revoke_licence: form.get("revoke_licence") ?? undefined,
        });
        if (!parsed.success) return answer(false, "Check the refund.", fieldErrorsOf(parsed.error.issues), 400);
        // The key the page was rendered with: the same page posted twice is one refund.
        const key = IdempotencyKeySchema.safeParse(form.get("idempotency_key"));
        const done = await context.services.store.refunds.refund(orderId, parsed.data, key.success ? key.data : null, actor);
        return answer(true, done.message);
      }
      default:
        return answer(false, "Unknown action.", {}, 400);
    }
  } catch (error) {
    const failure = pageFailure(error);
    // A refused refund leaves the page as it was (no reload after an error), so its form gets a fresh
    // key: the old one may name a refund the provider did not take, which answers the same again.
    if (intent === "refund")
      return data<OrderActionResult>(
        { intent, ok: false, message: failure.message, errors: failure.errors, refundKey: crypto.randomUUID() },
        { status: failure.status },
      );
    return answer(false, failure.message, failure.errors, failure.status);
  }
}

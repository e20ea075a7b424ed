import type { AdminOrderDetail } from "../../../../contract/admin-order-detail";
import { LocalTime } from "../local-time";

const PROVIDER_NAME: Record<string, string> = { razorpay: "Razorpay", test: "the test provider" };

/**
 * Under a refund still pending: why it waits and what happens next, so an admin neither refunds it
 * again nor wonders where its credit note is. The server asks the provider itself when the
 * confirmation does not come (server/features/store/refund-sweep.ts); `checked_at` is its last try.
 */
export function PendingRefundNote({ refund, provider }: { refund: AdminOrderDetail["refunds"][number]; provider: string | null }) {
  const name = (provider && PROVIDER_NAME[provider]) ?? "the payment provider";
  return (
    <span className="block text-slate-700">
      Waiting for {name} to confirm it. Its amount stays held, and its credit note is issued once {name} confirms. If no confirmation
      arrives, this site asks {name} itself every few minutes
      {refund.checked_at ? (
        <>
          {" "}
          (last asked <LocalTime iso={refund.checked_at} />)
        </>
      ) : null}
      .
    </span>
  );
}

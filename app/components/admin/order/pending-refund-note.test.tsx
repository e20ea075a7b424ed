import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PendingRefundNote } from "./pending-refund-note";

const refund = {
  id: 7,
  provider_refund_id: "rfnd_Pending000001",
  amount: 500,
  status: "pending" as const,
  reason: "Part",
  created_at: "2026-11-26T10:00:00.000Z",
  checked_at: null as string | null,
};
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe("a pending refund on the admin's order page", () => {
  it("says it waits for the provider, that its amount is held, and that the site asks the provider itself", () => {
    expect(text(renderToString(<PendingRefundNote refund={refund} provider="razorpay" />))).toBe(
      "Waiting for Razorpay to confirm it. Its amount stays held, and its credit note is issued once Razorpay confirms. If no confirmation arrives, this site asks Razorpay itself every few minutes.",
    );
  });

  it("names the last time the site asked, as a time element", () => {
    const html = renderToString(<PendingRefundNote refund={{ ...refund, checked_at: "2026-11-26T10:12:00.000Z" }} provider="test" />);
    expect(text(html)).toContain("this site asks the test provider itself every few minutes (last asked 26 Nov 2026, 15:42 IST).");
    expect(html).toContain('<time dateTime="2026-11-26T10:12:00.000Z">');
  });
});

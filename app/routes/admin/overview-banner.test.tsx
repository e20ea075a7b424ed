import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../../contract/dashboard";
import Overview from "./overview";

// What the loader answers when the read fails (overview.test.ts) and when a quiet period reads zeros.
type LoaderData = { days: number; data: Dashboard | null; failed: boolean; testPayments?: { howToSwitch: string } | null };
const render = (loaderData: LoaderData) =>
  renderToString(
    <MemoryRouter initialEntries={["/dashboard/overview"]}>
      <Overview {...({ loaderData } as unknown as Parameters<typeof Overview>[0])} />
    </MemoryRouter>,
  );

const quiet: Dashboard = {
  placedOrders: 0,
  activeOrders: 0,
  expiredOrders: 0,
  registeredUsers: 0,
  transactionsByDate: [],
  payIds: [],
  revenue: 0,
  refunds: 0,
  revenueByDate: [],
  byProduct: [],
};

describe("the overview when the sales figures could not be read", () => {
  it("shows a banner with a way to try again, and no card, revenue or list that would read as a day of no sales", () => {
    const html = render({ days: 30, data: null, failed: true });
    expect(html).toContain('role="alert"');
    expect(html).toContain("The sales figures could not be loaded, so none are shown.");
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/overview\?days=30"[^>]*>Try again<\/a>/);
    for (const shownAsData of ["Placed Orders", "Registered Users", "data-testid=", "₹0.00", "No paid orders", "No transactions yet"])
      expect(html).not.toContain(shownAsData);
    // The period selector stays, so another range can be tried.
    expect(html).toMatch(/>90(<!-- -->)? days</);
  });

  it("a period with no sales is data: its zeros are shown, with no banner", () => {
    const html = render({ days: 10, data: quiet, failed: false });
    expect(html).not.toContain('role="alert"');
    expect(html).toContain('data-testid="placedOrders">0<');
    expect(html).toContain("₹0.00");
    expect(html).toContain("No transactions yet.");
  });
});

describe("the overview of a production server on the test payment provider", () => {
  it("says payments are in test mode and how to switch to Razorpay, whether or not the figures loaded", () => {
    for (const data of [quiet, null]) {
      const html = render({ days: 10, data, failed: !data, testPayments: { howToSwitch: "set PAYMENT_PROVIDER=razorpay, then restart" } });
      expect(html).toContain("Payments are in test mode");
      expect(html).toContain("without paying");
      // React separates adjacent text nodes with empty comments; the visitor reads the text without them.
      expect(html.replaceAll("<!-- -->", "")).toContain(
        "To take real payments through Razorpay, set PAYMENT_PROVIDER=razorpay, then restart.",
      );
    }
  });

  it("shows no such banner otherwise", () => {
    expect(render({ days: 10, data: quiet, failed: false, testPayments: null })).not.toContain("test mode");
  });
});

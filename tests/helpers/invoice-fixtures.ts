import { exampleTaxSite } from "../../server/platform/config";
import { addSaleVersion, buyAndPay } from "./store-fixtures";
import { createTestApp, type TestApp } from "./test-app";

type Sale = { secret: string; productId: string; version: string };

/**
 * The two sellers the invoice tests compare: `taxed` is registered for GST (the example site's tax
 * settings), `plain` is not and issues receipts without tax lines. Each has `sale` on offer at
 * ₹1,499.00 for 12 months, and both read the test's clock.
 */
export async function invoiceSellers(sale: Sale, now: () => Date) {
  const taxed = await createTestApp({ config: { PAYMENT_TEST_SECRET: sale.secret, site: exampleTaxSite() }, now });
  const plain = await createTestApp({ config: { PAYMENT_TEST_SECRET: sale.secret }, now });
  for (const app of [taxed, plain]) await addSaleVersion(app, sale.productId, sale.version, { amountMinor: 149_900, termMonths: 12 });
  const close = async () => {
    await taxed.close();
    await plain.close();
  };
  return { taxed, plain, close };
}

/**
 * Buys and pays one order of `sale` per call, each from its own e-mail (`<tag>N@example.com`),
 * address (`10.<subnet>.0.N`) and payment id, so the throttles never meet; answers the order's id
 * and the buyer's e-mail.
 */
export function invoiceBuyer(sale: Sale, tag: string, subnet: number) {
  let n = 0;
  return async (app: TestApp, billing?: Record<string, string>) => {
    const i = ++n;
    const email = `${tag}${i}@example.com`;
    const orderId = await buyAndPay(
      app,
      sale.secret,
      { product_id: sale.productId, version: sale.version, email, name: "Asha Rao", billing },
      { ip: `10.${subnet}.0.${i}`, paymentId: `pay_${tag.toUpperCase()}${String(i).padStart(10, "0")}` },
    );
    return { orderId, email };
  };
}

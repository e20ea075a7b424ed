import type { Config } from "../../platform/config";
import type { PaymentProvider } from "../../integrations/payments/provider";
import { createRazorpayProvider } from "../../integrations/payments/razorpay-provider";
import { createTestPaymentProvider, createTestRefundBook, type TestRefundBook } from "../../integrations/payments/test-provider";
import type { ServiceDeps } from "../../platform/service-deps";
import type { RateLimiter } from "../../platform/rate-limit";
import type { Catalogue } from "../catalogue";
import { createCheckout } from "./checkout";
import { logLine } from "../../platform/log";
import type { StoreContext } from "./context";
import { createExpiry } from "./expiry";
import { createOrders } from "./orders";
import { createStoreSecrets, type StoreSecrets } from "./secrets";
import { createTestProviderSandbox } from "./test-provider";
import { createWebhook } from "./webhook";
import { createRefundDesk } from "./refund-desk";
import { createRefundSweep } from "./refund-sweep";
import type { Audit } from "../audit";

function paymentProvider(config: Config, secrets: StoreSecrets, testRefunds: TestRefundBook): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "razorpay") {
    return createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID as string,
      keySecret: config.RAZORPAY_KEY_SECRET as string,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET as string,
    });
  }
  return createTestPaymentProvider(secrets.paymentTestSecret, testRefunds);
}

/**
 * The store: checkout, payment confirmation, the webhook, refunds, the expiry sweeps and the sweep of
 * refunds left pending, with the catalogue it sells from. One object so the API, the pages and seed:demo share it.
 */
export function createStore(
  deps: ServiceDeps & { rateLimiter: RateLimiter; catalogue: Catalogue; provider?: PaymentProvider; audit?: Audit },
) {
  const secrets = createStoreSecrets(deps);
  const testRefunds = createTestRefundBook();
  const provider = deps.provider ?? paymentProvider(deps.config, secrets, testRefunds);
  const ctx: StoreContext = { ...deps, secrets, provider, log: logLine };
  const { catalogue } = deps;
  const testProvider = createTestProviderSandbox(ctx, testRefunds);
  return {
    provider: { name: provider.name, keyId: provider.keyId },
    catalogue,
    checkout: createCheckout(ctx, catalogue),
    orders: createOrders(ctx),
    testProvider,
    webhook: createWebhook(ctx),
    refunds: createRefundDesk({ ...ctx, audit: deps.audit }, testProvider),
    refundSweep: createRefundSweep({ ...ctx, audit: deps.audit }),
    expiry: createExpiry(ctx),
  };
}

export type Store = ReturnType<typeof createStore>;

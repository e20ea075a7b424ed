import type { Config } from "../../config";
import type { PaymentProvider } from "../../integrations/payments/provider";
import { createRazorpayProvider } from "../../integrations/payments/razorpay-provider";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider";
import type { ServiceDeps } from "../deps";
import { createLeasedRateLimiter, type RateLimiter } from "../rate-limit";
import { createCatalogue } from "./catalogue";
import { createCheckout } from "./checkout";
import { logLine } from "../../http/log";
import type { StoreContext } from "./context";
import { createExpiry } from "./expiry";
import { createLicences } from "./licences";
import { createOrders } from "./orders";
import { createStoreSecrets, type StoreSecrets } from "./secrets";
import { createTestProviderSandbox } from "./test-provider";
import { createWebhook } from "./webhook";

function paymentProvider(config: Config, secrets: StoreSecrets): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "razorpay") {
    return createRazorpayProvider({
      keyId: config.RAZORPAY_KEY_ID as string,
      keySecret: config.RAZORPAY_KEY_SECRET as string,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET as string,
    });
  }
  return createTestPaymentProvider(secrets.paymentTestSecret);
}

/**
 * The store (PRODUCT.md section 9): catalogue, checkout, payment confirmation, the webhook,
 * licences and the expiry sweeps. One object so the API, the pages and seed:demo share it.
 */
export function createStore(deps: ServiceDeps & { rateLimiter: RateLimiter; provider?: PaymentProvider }) {
  const secrets = createStoreSecrets(deps);
  const provider = deps.provider ?? paymentProvider(deps.config, secrets);
  const ctx: StoreContext = { ...deps, licenceRateLimiter: createLeasedRateLimiter(deps), secrets, provider, log: logLine };
  const catalogue = createCatalogue(ctx);
  return {
    provider: { name: provider.name, keyId: provider.keyId },
    catalogue,
    checkout: createCheckout(ctx, catalogue),
    orders: createOrders(ctx),
    testProvider: createTestProviderSandbox(ctx),
    webhook: createWebhook(ctx),
    licences: createLicences(ctx),
    expiry: createExpiry(ctx),
  };
}

export type Store = ReturnType<typeof createStore>;

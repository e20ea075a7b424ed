import type {
  ConfirmAnswer,
  ConfirmRequest,
  CreatedOrder,
  CreateOrderRequest,
  LicenceActivateRequest,
  LicenceActivation,
  LicenceDeactivateRequest,
  LicenceValidateRequest,
  LicenceValidation,
  OrderPublicView,
  Quote,
  QuoteRequest,
  StoreProduct,
} from "../../../contract/store";
import type { ServiceDeps } from "../deps";
import type { RateLimiter } from "../rate-limit";

const notYet = (): never => {
  throw new Error("not implemented yet");
};

/**
 * The store (PRODUCT.md section 9): catalogue, checkout, payment confirmation, the webhook,
 * licences and the expiry sweeps. One object so the API, the pages and seed:demo share it.
 */
export function createStore(_deps: ServiceDeps & { rateLimiter: RateLimiter }) {
  return {
    provider: { name: "test" as "test" | "razorpay", keyId: "test" },
    catalogue: {
      listForSale: async (): Promise<StoreProduct[]> => notYet(),
      forProduct: async (_productId: string): Promise<StoreProduct | null> => notYet(),
    },
    checkout: {
      quote: async (_input: QuoteRequest): Promise<Quote> => notYet(),
      createOrder: async (_input: CreateOrderRequest, _clientIp: string): Promise<CreatedOrder> => notYet(),
    },
    orders: {
      confirm: async (_orderId: number, _input: ConfirmRequest): Promise<ConfirmAnswer> => notYet(),
      publicView: async (_orderId: number, _token: string): Promise<OrderPublicView> => notYet(),
    },
    testProvider: {
      pay: async (_orderId: number, _token: string): Promise<ConfirmRequest> => notYet(),
      fail: async (_orderId: number, _token: string): Promise<void> => notYet(),
    },
    webhook: {
      handle: async (_rawBody: string, _signature: string | undefined, _eventId: string | undefined): Promise<void> => notYet(),
    },
    licences: {
      validate: async (_input: LicenceValidateRequest, _clientIp: string): Promise<LicenceValidation> => notYet(),
      activate: async (_input: LicenceActivateRequest, _clientIp: string): Promise<{ created: boolean; activation: LicenceActivation }> =>
        notYet(),
      deactivate: async (_input: LicenceDeactivateRequest, _clientIp: string): Promise<{ machines: number }> => notYet(),
    },
  };
}

export type Store = ReturnType<typeof createStore>;

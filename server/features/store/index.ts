// The store area's door: what other areas and the app may use.
export { adminOrderOperations } from "./admin-orders.routes";
export type { StoreContext } from "./context";
export { startStoreExpiry } from "./expiry-job";
export { startRefundSweep } from "./refund-sweep-job";
export { createCustomerAdmin } from "./customer-admin";
export { createOrderAdmin } from "./order-admin";
export { createOrderDesk } from "./order-desk";
export { orderDeskOperations } from "./order-desk.routes";
export { storeOperations } from "./routes";
export { createStore } from "./store";
export { orderAccessToken, receiptUrl } from "./order-token";
export { createStoreMailReissuers } from "./mail-reissue";
export { receiptMail } from "./receipt-mail";
export { createStoreSecrets, type StoreSecrets } from "./secrets";
export { fulfilPrize, type PrizeLicence } from "./fulfilment";

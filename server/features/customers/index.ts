// The customers area's door: sign-in by mailed code or link, customer sessions, the account.
export { customerAccountOperations } from "./account.routes";
export { createCustomerAccount, type CustomerAccount } from "./account";
export { createCustomerSessions, CUSTOMER_SESSION_ABSOLUTE_MS, type CustomerSessions, type SessionCustomer } from "./customer-sessions";
export { ASK_AGAIN, createCustomerSignIn } from "./sign-in";
export { checkCustomerCsrf, requireCustomer } from "./customer-guard.routes";

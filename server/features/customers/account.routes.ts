import {
  AccountKeySchema,
  AccountLicenceParamsSchema,
  AccountMachineParamsSchema,
  AccountSchema,
  AccountSignInSchema,
  AccountVerifySchema,
} from "../../../contract/account";
import { SuccessMessageSchema } from "../../../contract/common";
import { defineOperation } from "../../api/operation";
import { checkCustomerCsrf, clearCustomerCookie, readCustomerCookie, requireCustomer, setCustomerCookie } from "./customer-guard.routes";

const CUSTOMER = "Needs the customer session cookie (`customer_session`); a change also needs X-Requested-With: XMLHttpRequest.";

export const customerAccountOperations = [
  defineOperation({
    method: "post",
    path: "/account/sign-in",
    operationId: "accountSignIn",
    tags: ["CustomerAccount"],
    summary: "Ask for a sign-in code and link by e-mail",
    description:
      "Mails a 6-digit code and a one-time link (15 minutes) to any address; an address with no orders becomes a customer when its " +
      "code is verified (an account with only its quests). At most 5 mails per address an hour; throttled per client address.",
    body: AccountSignInSchema,
    ok: [202, SuccessMessageSchema],
    errors: [400, 415, 429],
    handler: async (c, { body }) => {
      await c.get("services").customerSignIn.request(body.email, c.get("clientIp"));
      return { status: "success" as const, message: "A sign-in code is on its way. It works for 15 minutes." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/account/verify",
    operationId: "accountVerify",
    tags: ["CustomerAccount"],
    summary: "Sign in with the mailed code or link token",
    description:
      "`{email, code}` or `{token}`. Starts a customer session (HttpOnly cookie, 30 days, 7 days idle). Five wrong codes void the " +
      "code, however many arrive at once; a wrong, used or expired code and an unknown address all answer the same 400 asking for a new one.",
    body: AccountVerifySchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 415, 429],
    handler: async (c, { body }) => {
      const services = c.get("services");
      const ip = c.get("clientIp");
      const customerId =
        "token" in body
          ? await services.customerSignIn.verifyToken(body.token, ip)
          : await services.customerSignIn.verifyCode(body.email, body.code, ip);
      setCustomerCookie(c, await services.customerSessions.start(customerId));
      return { status: "success" as const, message: "Signed in." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/account/sign-out",
    operationId: "accountSignOut",
    tags: ["CustomerAccount"],
    summary: "Sign out of the account",
    description: `Ends the customer session and clears its cookie. ${CUSTOMER}`,
    ok: [200, SuccessMessageSchema],
    errors: [403],
    handler: async (c) => {
      const token = readCustomerCookie(c);
      if (token) {
        checkCustomerCsrf(c);
        await c.get("services").customerSessions.end(token);
      }
      clearCustomerCookie(c);
      return { status: "success" as const, message: "Signed out." };
    },
  }),
  defineOperation({
    method: "get",
    path: "/account",
    operationId: "getAccount",
    tags: ["CustomerAccount"],
    summary: "The customer's orders, licences and machines",
    description: `Newest order first; a licence shows only its key's last group (\`key_hint\`). ${CUSTOMER}`,
    ok: [200, AccountSchema],
    errors: [401],
    handler: async (c) => c.get("services").customerAccount.read((await requireCustomer(c)).customer),
  }),
  defineOperation({
    method: "post",
    path: "/account/licences/{id}/reveal",
    operationId: "revealAccountLicence",
    tags: ["CustomerAccount"],
    summary: "Show a licence's whole key",
    description: `Another customer's licence answers 404, a revoked one 409. ${CUSTOMER}`,
    params: AccountLicenceParamsSchema,
    ok: [200, AccountKeySchema],
    errors: [401, 403, 404, 409],
    handler: async (c, { params }) => {
      const { customer } = await requireCustomer(c);
      return { status: "success" as const, key: await c.get("services").customerAccount.reveal(customer.id, params.id) };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/account/licences/{id}/machines/{machine_id}",
    operationId: "releaseAccountMachine",
    tags: ["CustomerAccount"],
    summary: "Free a seat of a licence",
    description: `Deletes that machine's activation; the tool on it must activate again. ${CUSTOMER}`,
    params: AccountMachineParamsSchema,
    ok: [200, SuccessMessageSchema],
    errors: [401, 403, 404],
    handler: async (c, { params }) => {
      const { customer } = await requireCustomer(c);
      await c.get("services").customerAccount.releaseMachine(customer.id, params.id, params.machine_id);
      return { status: "success" as const, message: "The seat is free." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/account/licences/{id}/rotate",
    operationId: "rotateAccountLicence",
    tags: ["CustomerAccount"],
    summary: "Replace a leaked licence key",
    description: `The old key stops validating at once and its machines are released; the new key is answered and mailed. ${CUSTOMER}`,
    params: AccountLicenceParamsSchema,
    ok: [200, AccountKeySchema],
    errors: [401, 403, 404, 409],
    handler: async (c, { params }) => {
      const { customer } = await requireCustomer(c);
      return { status: "success" as const, key: await c.get("services").customerAccount.rotate(customer, params.id) };
    },
  }),
  defineOperation({
    method: "post",
    path: "/account/orders/{id}/receipt",
    operationId: "resendAccountReceipt",
    tags: ["CustomerAccount"],
    summary: "Mail an order's receipt again",
    description: `At most 3 an hour per order. ${CUSTOMER}`,
    params: AccountLicenceParamsSchema,
    ok: [202, SuccessMessageSchema],
    errors: [401, 403, 404, 429],
    handler: async (c, { params }) => {
      const { customer } = await requireCustomer(c);
      await c.get("services").customerAccount.resendReceipt(customer.id, params.id);
      return { status: "success" as const, message: "The receipt is on its way." };
    },
  }),
];

import { parse, serialize } from "hono/utils/cookie";
import { type AppLoadContext, redirect } from "react-router";
import { CUSTOMER_COOKIE_PLAIN, customerCookieName } from "../../../contract/account";
import { CUSTOMER_SESSION_ABSOLUTE_MS, type SessionCustomer } from "../../../server/features/customers";

export const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
export const SIGN_IN_PATH = "/account/sign-in";

/** The customer session token from the Cookie header (over HTTPS only the __Host- one). */
export function customerToken(request: Request, https: boolean): string | undefined {
  const name = customerCookieName(https);
  return parse(request.headers.get("cookie") ?? "", name)[name] || undefined;
}

export async function currentCustomer(request: Request, context: AppLoadContext): Promise<SessionCustomer | null> {
  const token = customerToken(request, context.https);
  return token ? context.services.customerSessions.customer(token) : null;
}

/** The signed-in customer, or a redirect to the sign-in page before any account data. */
export async function requireCustomerPage(request: Request, context: AppLoadContext): Promise<SessionCustomer> {
  const customer = await currentCustomer(request, context);
  if (!customer) throw redirect(SIGN_IN_PATH, { headers: NO_STORE });
  return customer;
}

/** Where a sign-in may return to: only a quest's page of this site (an open redirect otherwise). */
export const returnPath = (next: string | null | undefined): string => (next && /^\/quests\/\d{1,9}$/.test(next) ? next : "");

/** Starts a session for the customer and sends them to their account (or a quest's page) with its cookie. */
export async function signedIn(customerId: number, context: AppLoadContext, next = ""): Promise<Response> {
  const token = await context.services.customerSessions.start(customerId);
  const cookie = serialize(customerCookieName(context.https), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: context.https,
    maxAge: CUSTOMER_SESSION_ABSOLUTE_MS / 1000,
  });
  return redirect(returnPath(next) || "/account", { headers: { ...NO_STORE, "Set-Cookie": cookie } });
}

/** Ends the session and clears its cookie. */
export async function signedOut(request: Request, context: AppLoadContext): Promise<Response> {
  const token = customerToken(request, context.https);
  if (token) await context.services.customerSessions.end(token);
  const name = context.https ? customerCookieName(true) : CUSTOMER_COOKIE_PLAIN;
  const cookie = serialize(name, "", { httpOnly: true, sameSite: "Lax", path: "/", secure: context.https, maxAge: 0 });
  return redirect(`${SIGN_IN_PATH}?signed-out=1`, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
}

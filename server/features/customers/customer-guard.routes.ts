// The HTTP side of the customer session (its cookie, the guard and the CSRF rule), for the area's operations.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { CUSTOMER_COOKIE_PLAIN, customerCookieName } from "../../../contract/account";
import type { AdminEnv } from "../../api/require-admin";
import { HttpError } from "../../platform/http/errors";
import { originAllowed } from "../../platform/http/origin";
import { CUSTOMER_SESSION_ABSOLUTE_MS, type SessionCustomer } from "./customer-sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The customer's cookie; over HTTPS only the __Host- one counts (a plain one could be planted). */
export const readCustomerCookie = (c: Context<AdminEnv>) => getCookie(c, customerCookieName(c.get("https")));

export function setCustomerCookie(c: Context<AdminEnv>, token: string): void {
  const https = c.get("https");
  setCookie(c, customerCookieName(https), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: https,
    maxAge: CUSTOMER_SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearCustomerCookie(c: Context<AdminEnv>): void {
  const https = c.get("https");
  deleteCookie(c, customerCookieName(https), { path: "/", secure: https, httpOnly: true, sameSite: "Lax" });
  if (https) deleteCookie(c, CUSTOMER_COOKIE_PLAIN, { path: "/" });
}

/**
 * The CSRF rule of the admin API (server/api/require-admin.ts) for the customer's cookie: a change
 * must carry X-Requested-With: XMLHttpRequest (a cross-site form cannot) and, when sent, this origin.
 */
export function checkCustomerCsrf(c: Context<AdminEnv>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (c.req.header("x-requested-with") !== "XMLHttpRequest" || !originAllowed(c, c.get("config")))
    throw new HttpError(403, "This request must come from the account pages of this site.");
}

/** The signed-in customer (401 without a live customer session; an admin session opens nothing here). */
export async function requireCustomer(c: Context<AdminEnv>): Promise<{ customer: SessionCustomer; token: string }> {
  const token = readCustomerCookie(c);
  const customer = token ? await c.get("services").customerSessions.customer(token) : null;
  if (!customer || !token) throw new HttpError(401, "Please sign in to your account.");
  checkCustomerCsrf(c);
  return { customer, token };
}

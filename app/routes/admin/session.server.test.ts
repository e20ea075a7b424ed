import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { currentAdmin, requireAdminPage, sessionToken } from "./session.server";

const withCookie = (cookie: string) => new Request("http://localhost/dashboard", { headers: { cookie } });

describe("sessionToken", () => {
  it("reads session_id among other cookies", () => {
    expect(sessionToken(withCookie("theme=dark; session_id=abc-123_X; other=1"), false)).toBe("abc-123_X");
  });
  it("reads only the __Host- cookie over HTTPS, only the plain one over HTTP", () => {
    expect(sessionToken(withCookie("session_id=plain; __Host-session_id=secure"), true)).toBe("secure");
    expect(sessionToken(withCookie("session_id=plain"), true)).toBeUndefined();
    expect(sessionToken(withCookie("__Host-session_id=secure"), false)).toBeUndefined();
  });
  it("is undefined without a cookie, with an empty one or a look-alike name", () => {
    expect(sessionToken(new Request("http://localhost/"), false)).toBeUndefined();
    expect(sessionToken(withCookie("session_id="), false)).toBeUndefined();
    expect(sessionToken(withCookie("xsession_id=abc"), false)).toBeUndefined();
  });
  it("reads a cookie exactly as the API does (hono's parser), malformed percent-encoding included", async () => {
    const { Hono } = await import("hono");
    const { getCookie } = await import("hono/cookie");
    const api = new Hono().get("/", (c) => c.text(getCookie(c, "session_id") ?? "(none)"));
    for (const cookie of ["session_id=%E0%A4%A", "session_id=a%20b", "a=1; session_id=x=y", 'session_id="quoted"']) {
      const fromApi = await (await api.request("/", { headers: { cookie } })).text();
      expect(sessionToken(withCookie(cookie), false) ?? "(none)").toBe(fromApi);
    }
  });
});

describe("currentAdmin", () => {
  const counting = () => {
    const tokens: (string | undefined)[] = [];
    const context = {
      https: false,
      services: {
        auth: { sessionAdmin: async (token?: string) => (tokens.push(token), token ? { id: 1, email: "a@example.com" } : null) },
      },
    } as unknown as AppLoadContext;
    return { tokens, context };
  };

  it("looks the session up once per GET request, however many loaders ask (the layout's and the screen's)", async () => {
    const { tokens, context } = counting();
    const request = withCookie("session_id=abc");
    const [first, second] = await Promise.all([currentAdmin(request, context), currentAdmin(request, context)]);
    expect(first).toEqual({ id: 1, email: "a@example.com" });
    expect(second).toBe(first);
    expect(tokens).toEqual(["abc"]);
    await currentAdmin(withCookie("session_id=abc"), context);
    expect(tokens).toEqual(["abc", "abc"]); // another request looks again
  });

  it("answers a Request used again with other services from those services, not from the first ones' answer", async () => {
    const request = withCookie("session_id=abc");
    const signedIn = counting();
    const signedOut = {
      https: false,
      services: { auth: { sessionAdmin: async () => null } },
    } as unknown as AppLoadContext;
    expect(await currentAdmin(request, signedIn.context)).toEqual({ id: 1, email: "a@example.com" });
    expect(await currentAdmin(request, signedOut)).toBeNull();
  });

  it("looks again on every call of a request that may change the session (an action's POST)", async () => {
    const { tokens, context } = counting();
    const post = new Request("http://localhost/dashboard", { method: "POST", headers: { cookie: "session_id=abc" } });
    await currentAdmin(post, context);
    await currentAdmin(post, context);
    expect(tokens).toEqual(["abc", "abc"]);
  });
});

describe("requireAdminPage", () => {
  const contextFor = (mustEnrol: boolean) =>
    ({
      https: false,
      services: { auth: { sessionAdmin: async () => ({ id: 1, email: "a@example.com" }) }, account: { mustEnrol: async () => mustEnrol } },
    }) as unknown as AppLoadContext;
  const page = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie: "session_id=abc" } });

  it("sends an admin who must enrol a second factor to the Account screen from every other page and data request", async () => {
    for (const path of ["/dashboard/orders", "/dashboard/audit.data", "/dashboard/outbox/3/preview"]) {
      const thrown = await requireAdminPage(page(path), contextFor(true)).catch((error: unknown) => error);
      expect((thrown as Response).headers.get("location")).toBe("/dashboard/account?enrol=required");
    }
    expect(await requireAdminPage(page("/dashboard/account"), contextFor(true))).toMatchObject({ id: 1 });
    expect(await requireAdminPage(page("/dashboard/orders"), contextFor(false))).toMatchObject({ id: 1 });
  });
});

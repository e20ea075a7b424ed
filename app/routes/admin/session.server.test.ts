import { describe, expect, it } from "vitest";
import { sessionToken } from "./session.server";

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

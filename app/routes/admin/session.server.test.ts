import { describe, expect, it } from "vitest";
import { sessionToken } from "./session.server";

const withCookie = (cookie: string) => new Request("http://localhost/dashboard", { headers: { cookie } });

describe("sessionToken", () => {
  it("reads session_id among other cookies", () => {
    expect(sessionToken(withCookie("theme=dark; session_id=abc-123_X; other=1"))).toBe("abc-123_X");
  });
  it("prefers the __Host- cookie over HTTPS", () => {
    expect(sessionToken(withCookie("session_id=plain; __Host-session_id=secure"))).toBe("secure");
  });
  it("is undefined without a cookie, with an empty one or a look-alike name", () => {
    expect(sessionToken(new Request("http://localhost/"))).toBeUndefined();
    expect(sessionToken(withCookie("session_id="))).toBeUndefined();
    expect(sessionToken(withCookie("xsession_id=abc"))).toBeUndefined();
    expect(sessionToken(withCookie("session_id=%E0%A4%A"))).toBeUndefined();
  });
});

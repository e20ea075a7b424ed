import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action } from "./logout";

function contextWith(https = false) {
  const loggedOut: unknown[][] = [];
  const context = {
    https,
    clientIp: "203.0.113.9",
    config: { PUBLIC_ORIGIN: undefined },
    services: {
      auth: {
        sessionAdmin: async (token?: string) => (token === "good" ? { id: 7, email: "a@example.com" } : null),
        logout: async (...args: unknown[]) => void loggedOut.push(args),
      },
    },
  } as unknown as AppLoadContext;
  return { context, loggedOut };
}

const post = (headers: Record<string, string>) =>
  new Request("http://shop.test/dashboard/logout", {
    method: "POST",
    headers: { origin: "http://shop.test", host: "shop.test", ...headers },
  });
const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Logout action", () => {
  it("ends the session through the auth service, clears its cookie and goes to the login page", async () => {
    const { context, loggedOut } = contextWith();
    const answer = (await run(post({ cookie: "session_id=good" }), context)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login");
    expect(answer.headers.get("set-cookie")).toMatch(/^session_id=; Max-Age=0;.*Path=\/.*HttpOnly/);
    expect(loggedOut).toEqual([["good", 7, "203.0.113.9"]]);
  });

  it("over HTTPS clears the __Host- cookie (secure) and the plain one", async () => {
    const { context } = contextWith(true);
    const answer = (await run(post({ cookie: "__Host-session_id=good" }), context)) as Response;
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^__Host-session_id=;.*Secure/);
    expect(cookies[1]).toMatch(/^session_id=;/);
  });

  it("sends an ended session to the login page too, and refuses a post from another site", async () => {
    const { context, loggedOut } = contextWith();
    const ended = (await run(post({ cookie: "session_id=stale" }), context)) as Response;
    expect(ended.headers.get("location")).toBe("/login");
    await expect(run(post({ cookie: "session_id=good", origin: "https://evil.test" }), context)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(loggedOut).toEqual([]);
  });
});

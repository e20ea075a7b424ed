import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInAnswer } from "./login-answer";

describe("signedInAnswer (the login page's clientAction)", () => {
  it("turns the action's signed-in redirect into the success answer with a safe next", async () => {
    const answer = await signedInAnswer(() => Promise.reject(redirect("/dashboard/orders?q=1")));
    expect(answer).toEqual({ ok: true, message: "Login successful!", value: { next: "/dashboard/orders?q=1" } });
    expect((await signedInAnswer(() => Promise.reject(redirect("https://evil.test/")))).value?.next).toBe("/dashboard/overview");
  });

  it("passes other answers through and rethrows other failures", async () => {
    const refused = { ok: false, message: "Invalid email or password.", errors: { password: "Invalid email or password." } };
    expect(await signedInAnswer(() => Promise.resolve(refused))).toBe(refused);
    const offline = new TypeError("Failed to fetch");
    await expect(signedInAnswer(() => Promise.reject(offline))).rejects.toBe(offline);
    const notFound = new Response("gone", { status: 404 });
    await expect(signedInAnswer(() => Promise.reject(notFound))).rejects.toBe(notFound);
  });
});

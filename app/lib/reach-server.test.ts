import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { reachServer, SIGNED_IN_AGAIN } from "./reach-server";
import { setReauthHandler } from "./reauth";

const fails = (error: unknown) => () => Promise.reject(error);

describe("reachServer", () => {
  it("answers the action's own result, and a post lost on the network as the form's message", async () => {
    expect(await reachServer(async () => ({ ok: true, message: "Saved." }))).toEqual({ ok: true, message: "Saved." });
    expect(await reachServer(fails(new TypeError("Failed to fetch")))).toEqual({
      ok: false,
      message: "The server could not be reached.",
      errors: {},
    });
  });

  it("offers the login dialog for an ended session: signed in again keeps the form, cancelled follows the redirect", async () => {
    const toLogin = redirect("/login?next=%2Fdev-quest-add");
    let answer = true;
    const unregister = setReauthHandler(async () => answer);
    try {
      expect(await reachServer(fails(toLogin))).toEqual({ ok: false, message: SIGNED_IN_AGAIN, errors: {} });
      answer = false;
      await expect(reachServer(fails(toLogin))).rejects.toBe(toLogin);
      // Any other redirect (a deleted version's list) is followed without asking.
      answer = true;
      const elsewhere = redirect("/dashboard/versions?deleted=x");
      await expect(reachServer(fails(elsewhere))).rejects.toBe(elsewhere);
    } finally {
      unregister();
    }
    // No dialog on the page (no admin layout): the login redirect is followed.
    await expect(reachServer(fails(toLogin))).rejects.toBe(toLogin);
  });
});

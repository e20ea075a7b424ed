import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loadOutboxPreview } from "./outbox-preview.server";

const request = new Request("http://localhost/dashboard/outbox/1/preview", { headers: { cookie: "session_id=t" } });
// The services' NotFoundError as domainErrorKind reads it (app/ code imports server code only from .server modules).
const notFound = () => Object.assign(new Error("There is no such mail."), { kind: "not_found" });
const PREVIEW = { item: {}, headers: [], html: "<p>Hi</p>", text: "Hi" };

function contextWith(admin: unknown, preview: (id: number) => Promise<unknown>, mustEnrol = false) {
  const outbox = { preview: vi.fn(preview) };
  const services = { auth: { sessionAdmin: async () => admin }, account: { mustEnrol: async () => mustEnrol }, outbox };
  const context = { https: false, services } as unknown as AppLoadContext;
  return { context, outbox };
}
const signedIn = (preview: (id: number) => Promise<unknown> = async () => PREVIEW) => contextWith({ id: 1 }, preview);

describe("the Outbox preview's loader", () => {
  it("answers the preview of a mail that exists", async () => {
    const { context, outbox } = signedIn();
    expect(await loadOutboxPreview(request, "42", context)).toEqual({ preview: PREVIEW });
    expect(outbox.preview).toHaveBeenCalledWith(42);
  });

  it("says there is no such mail for a gone one and for an id that names none, without asking for those", async () => {
    const { context, outbox } = signedIn(async () => {
      throw notFound();
    });
    expect(await loadOutboxPreview(request, "7", context)).toEqual({ error: "There is no such mail." });
    for (const id of ["abc", "0", "007", "-1", "1.5", "99999999999999999", undefined]) {
      expect(await loadOutboxPreview(request, id, context)).toEqual({ error: "There is no such mail." });
    }
    expect(outbox.preview).toHaveBeenCalledTimes(1);
  });

  it("lets any other failure through to the screen's error boundary", async () => {
    const { context } = signedIn(async () => {
      throw new Error("database down");
    });
    await expect(loadOutboxPreview(request, "7", context)).rejects.toThrow("database down");
  });

  it("sends a signed-out admin to log in and back to the Outbox screen, not to this data route", async () => {
    const { context, outbox } = contextWith(null, async () => PREVIEW);
    const thrown = await loadOutboxPreview(request, "42", context).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/login?next=%2Fdashboard%2Foutbox");
    expect(outbox.preview).not.toHaveBeenCalled();
  });

  it("sends an admin who must still enrol a required second factor to the Account screen, without the mail", async () => {
    const { context, outbox } = contextWith({ id: 1 }, async () => PREVIEW, true);
    const thrown = await loadOutboxPreview(request, "42", context).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/dashboard/account?enrol=required");
    expect(outbox.preview).not.toHaveBeenCalled();
  });
});

import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formAction, pageFailure, readForm, readValues } from "./form-action.server";

// A domain error as another bundle's copy of server/platform/errors.ts throws it (app/ code imports
// server code only from .server modules): its fields, under a class name of its own.
const copyOf = (kind: string, message: string, extra: object = {}) =>
  Object.assign(new (class Copied extends Error {})(message), { kind }, extra);

describe("pageFailure", () => {
  it("maps each domain error to its sentence, fields and status", () => {
    expect(pageFailure(copyOf("throttled", "Slow down.", { retryAfterSeconds: 30 }))).toEqual({
      message: "Slow down.",
      errors: {},
      status: 429,
      headers: { "Retry-After": "30" },
    });
    expect(pageFailure(copyOf("conflict", "Used.", { fieldErrors: { code: "used" } }))).toEqual({
      message: "Used.",
      errors: { code: "used" },
      status: 409,
      headers: {},
    });
    expect(pageFailure(copyOf("invalid_input", "Bad.", { fieldErrors: { email: "bad" } }))).toEqual({
      message: "Bad.",
      errors: { email: "bad" },
      status: 400,
      headers: {},
    });
    expect(pageFailure(copyOf("not_found", "Gone."))).toEqual({ message: "Gone.", errors: {}, status: 404, headers: {} });
    expect(pageFailure(copyOf("unavailable", "Later."))).toEqual({
      message: "Later.",
      errors: {},
      status: 503,
      headers: { "Retry-After": "30" },
    });
  });

  it("reads the kind, not the class's name: a copy from another bundle maps the same", () => {
    expect(pageFailure(copyOf("conflict", "Used.", { fieldErrors: { code: "used" } }))).toEqual({
      message: "Used.",
      errors: { code: "used" },
      status: 409,
      headers: {},
    });
    expect(pageFailure(copyOf("throttled", "Slow down.", { retryAfterSeconds: 5 }))).toMatchObject({ status: 429 });
  });

  it("answers a forbidden or signed-out error by its status, as every other kind", () => {
    expect(pageFailure(copyOf("forbidden", "No."))).toMatchObject({ message: "No.", status: 403 });
    expect(pageFailure(copyOf("unauthenticated", "Sign in."))).toMatchObject({ status: 401 });
  });

  it("rethrows anything that is not a domain error (a bug)", () => {
    const bug = new Error("boom");
    expect(() => pageFailure(bug)).toThrow(bug);
    expect(() => pageFailure("text")).toThrow();
  });
});

// What a page action hands React Router: data()'s value and its status and headers.
const answer = (result: unknown) => result as { data: Record<string, unknown>; init: { status: number; headers: Record<string, string> } };

describe("formAction", () => {
  it("answers the success sentence and value under its intent, with the status and headers asked for", async () => {
    const done = answer(
      await formAction("save", async () => ({ message: "Saved.", value: 7 }), { status: 202, headers: { "Cache-Control": "no-store" } }),
    );
    expect(done.data).toEqual({ ok: true, message: "Saved.", value: 7, intent: "save" });
    expect(done.init).toMatchObject({ status: 202, headers: { "Cache-Control": "no-store" } });
  });

  it("answers a domain error as the form's refusal: sentence, field errors by path, status and headers", async () => {
    const refused = answer(
      await formAction("save", async () => {
        throw copyOf("invalid_input", "Some fields are missing or invalid.", { fieldErrors: { "features.1": "Too long." } });
      }),
    );
    expect(refused.data).toEqual({
      ok: false,
      message: "Some fields are missing or invalid.",
      errors: { "features.1": "Too long." },
      intent: "save",
    });
    expect(refused.init.status).toBe(400);
    const throttled = answer(
      await formAction(undefined, () => Promise.reject(copyOf("throttled", "Slow down.", { retryAfterSeconds: 9 }))),
    );
    expect(throttled.init).toMatchObject({ status: 429, headers: { "Retry-After": "9" } });
  });

  it("lets the form shape a refusal: its own field, and what stays on screen", async () => {
    const refused = answer(
      await formAction<{ email: string }>(undefined, () => Promise.reject(copyOf("unauthenticated", "Wrong password.")), {
        refused: (failure) => ({ errors: { password: failure.message }, value: { email: "a@example.com" } }),
      }),
    );
    expect(refused.data).toEqual({
      ok: false,
      message: "Wrong password.",
      errors: { password: "Wrong password." },
      value: { email: "a@example.com" },
    });
    expect(refused.init.status).toBe(401);
  });

  it("passes a thrown redirect through and rethrows a bug", async () => {
    const moved = redirect("/account");
    await expect(formAction(undefined, () => Promise.reject(moved))).rejects.toBe(moved);
    const bug = new Error("boom");
    await expect(formAction(undefined, () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe("readValues and readForm", () => {
  const Schema = z.object({ email: z.email("Enter a valid e-mail address."), subscribe: z.boolean() });

  it("read a checkbox's on or true as the schema's boolean, an unticked one as false", () => {
    for (const word of ["on", "true"]) {
      const form = new FormData();
      form.set("email", "a@example.com");
      form.set("subscribe", word);
      expect(readForm(form, Schema)).toEqual({ email: "a@example.com", subscribe: true });
    }
    expect(readValues({ email: "a@example.com" }, Schema)).toEqual({ email: "a@example.com", subscribe: false });
  });

  it("refuse by field, with the form's own sentence when it has one", () => {
    expect(() => readValues({ email: "nope" }, Schema, "Check the address.")).toThrow(
      expect.objectContaining({
        kind: "invalid_input",
        message: "Check the address.",
        fieldErrors: { email: "Enter a valid e-mail address." },
      }),
    );
    expect(() => readValues({ email: "nope" }, Schema)).toThrow(
      expect.objectContaining({ message: "Some fields are missing or invalid." }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { pageFailure } from "./store-errors.server";

// A domain error as another bundle's copy of server/platform/errors.ts throws it (app/ code imports
// server code only from .server modules): its fields, under a class name of its own.
const copyOf = (kind: string, message: string, extra: object = {}) => Object.assign(new (class Copied extends Error {})(message), { kind }, extra);

describe("pageFailure", () => {
  it("maps each domain error to its sentence, fields and status", () => {
    expect(pageFailure(copyOf("throttled", "Slow down.", { retryAfterSeconds: 30 }))).toEqual({ message: "Slow down.", errors: {}, status: 429 });
    expect(pageFailure(copyOf("conflict", "Used.", { fieldErrors: { code: "used" } }))).toEqual({ message: "Used.", errors: { code: "used" }, status: 409 });
    expect(pageFailure(copyOf("invalid_input", "Bad.", { fieldErrors: { email: "bad" } }))).toEqual({ message: "Bad.", errors: { email: "bad" }, status: 400 });
    expect(pageFailure(copyOf("not_found", "Gone."))).toEqual({ message: "Gone.", errors: {}, status: 404 });
    expect(pageFailure(copyOf("unavailable", "Later."))).toEqual({ message: "Later.", errors: {}, status: 503 });
  });

  it("reads the kind, not the class's name: a copy from another bundle maps the same", () => {
    expect(pageFailure(copyOf("conflict", "Used.", { fieldErrors: { code: "used" } }))).toEqual({
      message: "Used.",
      errors: { code: "used" },
      status: 409,
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

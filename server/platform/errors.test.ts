import { describe, expect, it } from "vitest";
import {
  ConflictError,
  describeError,
  domainErrorKind,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ThrottledError,
  UnauthenticatedError,
  UnavailableError,
} from "./errors";

describe("domainErrorKind", () => {
  it("reads the kind of this bundle's errors and of another bundle's copy, and nothing else", () => {
    expect(domainErrorKind(new ThrottledError("Too many", 30))).toBe("throttled");
    expect(domainErrorKind(new InvalidInputError("Bad", { name: "Enter your name." }))).toBe("invalid_input");
    // What React Router's bundle sees: an Error from the server bundle's own class, same kind.
    class CopiedThrottledError extends Error {
      readonly kind = "throttled";
    }
    expect(domainErrorKind(new CopiedThrottledError("Too many"))).toBe("throttled");
    expect(domainErrorKind(Object.assign(new Error("x"), { kind: "teapot" }))).toBeUndefined();
    expect(domainErrorKind({ kind: "throttled" })).toBeUndefined();
    expect(domainErrorKind(new Error("Too many messages"))).toBeUndefined();
  });
});

describe("describeError", () => {
  it("maps every kind to one status, message, field errors, headers and exit code", () => {
    expect(describeError(new InvalidInputError("Bad", { name: "Enter your name." }))).toEqual({
      kind: "invalid_input",
      status: 400,
      message: "Bad",
      fieldErrors: { name: "Enter your name." },
      headers: {},
      exitCode: 2,
    });
    expect(describeError(new ConflictError("Taken", { code: "In use." }))).toMatchObject({
      status: 409,
      fieldErrors: { code: "In use." },
      exitCode: 1,
    });
    expect(describeError(new ThrottledError("Too many", 30))).toMatchObject({ status: 429, headers: { "Retry-After": "30" } });
    expect(describeError(new NotFoundError("Gone"))).toMatchObject({ status: 404, fieldErrors: {} });
    expect(describeError(new ForbiddenError("No"))).toMatchObject({ status: 403 });
    expect(describeError(new UnauthenticatedError("Who"))).toMatchObject({ status: 401 });
    expect(describeError(new UnavailableError("Later"))).toMatchObject({ status: 503, headers: { "Retry-After": "30" } });
  });

  it("recognises another bundle's copy by its kind, and nothing by class name", () => {
    class ConflictErrorCopy extends Error {
      readonly kind = "conflict";
    }
    expect(describeError(new ConflictErrorCopy("Taken"))).toMatchObject({ status: 409, message: "Taken" });
    // Named like a domain error but without a kind: a bug, not a domain error.
    class NotFoundError2 extends Error {}
    Object.defineProperty(NotFoundError2, "name", { value: "NotFoundError" });
    expect(describeError(new NotFoundError2("x"))).toBeUndefined();
    expect(describeError(new Error("x"))).toBeUndefined();
  });
});

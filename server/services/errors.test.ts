import { describe, expect, it } from "vitest";
import { domainErrorKind, InvalidInputError, ThrottledError } from "./errors";

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

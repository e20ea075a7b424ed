import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage } from "./api-client";
import { setReauthHandler } from "./reauth";

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe("api", () => {
  it("sends JSON with same-origin credentials and the X-Requested-With marker", async () => {
    const fetchMock = answer(201, { status: "success", message: "ok" });
    vi.stubGlobal("fetch", fetchMock);
    expect(await api("/api/devquests", { json: { title: "t" } })).toEqual({ status: "success", message: "ok" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/devquests");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(init.headers).toMatchObject({ "X-Requested-With": "XMLHttpRequest", "Content-Type": "application/json" });
    expect(init.body).toBe('{"title":"t"}');
  });

  it("turns the error shape into an ApiError with the server's message and field errors", async () => {
    vi.stubGlobal("fetch", answer(409, { status: "error", message: "That version exists.", errors: { version: "taken" } }));
    const error = await api("/x", { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "That version exists.", status: 409, errors: { version: "taken" } });
    expect(errorMessage(error, "fallback")).toBe("That version exists.");
  });

  it("treats a 200 with status error as an error too, and a non-JSON failure generically", async () => {
    vi.stubGlobal("fetch", answer(200, { status: "error", message: "Nope." }));
    await expect(api("/x")).rejects.toMatchObject({ message: "Nope." });
    vi.stubGlobal("fetch", answer(502, "<html>Bad gateway</html>"));
    await expect(api("/x")).rejects.toMatchObject({ status: 502, message: "The server answered 502." });
  });

  it("lets a network failure through as a non-ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await api("/x").catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(errorMessage(error, "The server could not be reached.")).toBe("The server could not be reached.");
  });

  it("after a 401 offers the login dialog and repeats the call once when the admin logged in again", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        calls += 1;
        const [status, body] =
          calls === 1 ? [401, { status: "error", message: "Please log in." }] : [201, { status: "success", message: "ok" }];
        return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      }),
    );
    const asked = vi.fn(async () => true);
    const unregister = setReauthHandler(asked);
    try {
      expect(await api("/api/devquests", { json: { title: "t" } })).toEqual({ status: "success", message: "ok" });
      expect(asked).toHaveBeenCalledTimes(1);
      expect(calls).toBe(2);
    } finally {
      unregister();
    }
  });

  it("keeps the 401 when the admin cancels the dialog, and never asks for the login call itself", async () => {
    vi.stubGlobal("fetch", answer(401, { status: "error", message: "Please log in." }));
    const asked = vi.fn(async () => false);
    const unregister = setReauthHandler(asked);
    try {
      await expect(api("/api/devquests", { json: {} })).rejects.toMatchObject({ status: 401 });
      await expect(api("/api/admin/login", { json: {}, noReauth: true })).rejects.toMatchObject({ status: 401 });
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      unregister();
    }
  });
});

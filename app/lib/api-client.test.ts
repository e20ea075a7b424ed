import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage } from "./api-client";

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
});

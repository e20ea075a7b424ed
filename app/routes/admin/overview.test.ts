import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loader } from "./overview";

afterEach(() => vi.restoreAllMocks());

describe("overview loader", () => {
  it("shows a failed read as a banner and logs it without the query's SQL or parameters", async () => {
    const cause = Object.assign(new Error("connection reset"), { code: "08006" });
    const failure = new Error("Failed query: select * from orders where customer_email = $1\nparams: ada@example.com", { cause });
    let askedDays = 0;
    const context = {
      https: false,
      services: {
        auth: { sessionAdmin: async () => ({ id: 1 }) },
        dashboard: {
          overview: async (days: number) => {
            askedDays = days;
            throw failure;
          },
        },
      },
    } as unknown as AppLoadContext;
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.spyOn(console, "error").mockImplementation((...args) => void written.push(args.map(String).join(" ")));
    const answer = await loader({ request: new Request("http://localhost/dashboard/overview"), context, params: {} } as never);
    expect(answer).toMatchObject({ days: 10, data: null, failed: true });
    expect(askedDays).toBe(10);
    const out = written.join("");
    expect(out).not.toContain("ada@example.com");
    expect(out).not.toContain("customer_email");
    expect(JSON.parse(out)).toMatchObject({
      level: "error",
      msg: "overview read failed",
      error: "database query failed",
      sqlState: "08006",
    });
  });
});

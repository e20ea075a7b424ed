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
      config: { NODE_ENV: "production", PAYMENT_PROVIDER: "razorpay" },
      services: {
        auth: { sessionAdmin: async () => ({ id: 1 }) },
        account: { mustEnrol: async () => false },
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
    expect(answer).toMatchObject({ days: 10, data: null, failed: true, testPayments: null });
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

  it.each([
    ["production", "test", true],
    ["production", "razorpay", false],
    ["development", "test", false],
  ])("with NODE_ENV=%s and PAYMENT_PROVIDER=%s, the test-payments banner: %s", async (NODE_ENV, PAYMENT_PROVIDER, shown) => {
    const context = {
      https: false,
      config: { NODE_ENV, PAYMENT_PROVIDER },
      services: {
        auth: { sessionAdmin: async () => ({ id: 1 }) },
        account: { mustEnrol: async () => false },
        dashboard: { overview: async () => ({}) },
      },
    } as unknown as AppLoadContext;
    const answer = await loader({ request: new Request("http://localhost/dashboard/overview"), context, params: {} } as never);
    expect(Boolean(answer.testPayments)).toBe(shown);
    if (shown) expect(answer.testPayments?.howToSwitch).toContain("PAYMENT_PROVIDER=razorpay");
  });
});

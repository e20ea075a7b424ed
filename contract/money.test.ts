import { afterEach, describe, expect, it, vi } from "vitest";

describe("formatInrMinor", () => {
  const Real = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = Real;
    vi.resetModules();
  });

  it("builds its Intl.NumberFormat on the first price, not when the module loads", async () => {
    // Every static page's islands entry imports this module (decision 030); a page's first formatter
    // costs a long task on a phone, and most pages show no price.
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Real;
    vi.resetModules();
    const { formatInrMinor } = await import("./money");
    expect(made).toBe(0);
    expect(formatInrMinor(149_900)).toBe("₹1,499.00");
    expect(formatInrMinor(12_345_650)).toBe("₹1,23,456.50");
    expect(made).toBe(1);
  });
});

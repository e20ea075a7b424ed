import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScreenError } from "./screen-error";

describe("ScreenError", () => {
  it("names what could not be loaded and why, as an alert with a way to try again", () => {
    const html = renderToString(<ScreenError error={new Error("Database down.")} what="the products" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Could not load <!-- -->the products<!-- -->.");
    expect(html).toContain("Database down.");
    expect(html).toContain("Try again");
  });

  it("says the server could not be reached when the error carries no reason", () => {
    expect(renderToString(<ScreenError error={null} what="the audit log" />)).toContain("The server could not be reached.");
  });
});

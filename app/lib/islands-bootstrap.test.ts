import { describe, expect, it } from "vitest";
import { islandsBootstrap } from "./islands-bootstrap";

describe("islandsBootstrap (decisions 030 and 070)", () => {
  it("waits for the parsed document, then imports the islands entry alone", () => {
    const script = islandsBootstrap("/assets/islands-X.js");
    expect(script.indexOf("DOMContentLoaded")).toBeGreaterThan(-1);
    expect(script.indexOf("DOMContentLoaded")).toBeLessThan(script.indexOf('import("/assets/islands-X.js")'));
    expect(script).not.toContain("entry.client");
  });

  it("escapes '<' in the URL so the text cannot close its script element", () => {
    expect(islandsBootstrap("/assets/</script>.js")).not.toContain("</script>");
  });
});

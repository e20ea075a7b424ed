import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField } from "./form-field";

const options = [{ value: "1.0", label: "1.0" }];
const selectTag = (html: string) => html.match(/<select[^>]*>/)?.[0] ?? "";
const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];

describe("SelectField", () => {
  it("ties its error to the select like a Field: invalid, described by the message, which is shown", () => {
    const html = renderToString(<SelectField label="Major Version" id="major" options={options} error="There is no version 1.0 of x." />);
    const select = selectTag(html);
    expect(attr(select, "aria-invalid")).toBe("true");
    expect(attr(select, "aria-describedby")).toBe("major-error");
    expect(html).toContain('<p id="major-error" class="mt-1 text-sm text-red-700">There is no version 1.0 of x.</p>');
  });

  it("without an error it is neither invalid nor described, and shows no message", () => {
    const html = renderToString(<SelectField label="Major Version" id="major" options={options} />);
    const select = selectTag(html);
    expect(attr(select, "aria-invalid")).toBeUndefined();
    expect(attr(select, "aria-describedby")).toBeUndefined();
    expect(html).not.toContain("major-error");
  });
});

import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import SecurityReportStatus from "./security-report-status";

// Evening in UTC is past midnight in India: the page says India's day and time, as every page does.
const report = {
  id: 7,
  title: "Open redirect on /go",
  status: "triaged",
  productName: "DirX Scanner",
  version: "2.0",
  createdAt: "2026-11-27T20:00:00.000Z",
  updatedAt: "2026-11-27T20:30:00.000Z",
  replies: [{ id: 1, body: "Confirmed.", createdAt: "2026-11-27T20:30:00.000Z" }],
};

const render = () =>
  renderToString(
    <MemoryRouter>
      <SecurityReportStatus {...({ loaderData: { report } } as unknown as Parameters<typeof SecurityReportStatus>[0])} />
    </MemoryRouter>,
  );

describe("a reporter's status page", () => {
  it("writes the report's day and each reply's time in India time, one way", () => {
    const html = render().replaceAll("<!-- -->", "");
    expect(html).toContain("Sent on 28 Nov 2026");
    expect(html).toContain("28 Nov 2026, 02:00 IST");
    expect(html).not.toContain("November");
    expect(html).toContain("about DirX Scanner 2.0");
  });
});

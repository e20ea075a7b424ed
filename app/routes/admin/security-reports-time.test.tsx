import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import SecurityReport from "./security-report";
import SecurityReports from "./security-reports";

// Evening in UTC is past midnight in India: the admin's report screens say India's day and time, as
// every screen does, never a bare UTC stamp.
const createdAt = "2026-11-27T20:00:00.000Z";
// The screens' forms need a data router; one route that renders the screen is enough. Text only.
const render = (element: React.ReactElement) =>
  renderToString(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />).replace(/<[^>]*>/g, "");
const props = <T,>(value: unknown) => value as T;

describe("the admin's security report screens", () => {
  it("write when a report came and each note in India time", () => {
    const report = { id: 7, title: "Open redirect", status: "new", productName: null, name: null, email: "r@example.com", createdAt };
    const list = render(
      <SecurityReports
        {...props<Parameters<typeof SecurityReports>[0]>({ loaderData: { reports: [report], total: 1, pages: 1, page: 1, status: "" } })}
      />,
    );
    expect(list).toContain("28 Nov 2026, 01:30 IST");
    expect(list).not.toContain("UTC");

    const detail = render(
      <SecurityReport
        {...props<Parameters<typeof SecurityReport>[0]>({
          loaderData: {
            ...report,
            details: "Steps",
            version: null,
            clientIp: "203.0.113.9",
            credit: false,
            updatedAt: createdAt,
            notes: [{ id: 1, visibility: "private", body: "Looking", createdAt: "2026-11-27T21:15:00.000Z" }],
          },
        })}
      />,
    );
    expect(detail).toContain("28 Nov 2026, 01:30 IST from 203.0.113.9");
    expect(detail).toContain("28 Nov 2026, 02:45 IST");
    expect(detail).not.toContain("UTC");
  });
});

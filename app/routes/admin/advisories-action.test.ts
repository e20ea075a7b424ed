import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action as newAction } from "./advisory-new";
import { action as editAction } from "./advisory-edit";

type Call = { op: string; args: unknown[] };

function contextWith(refuse?: Error) {
  const calls: Call[] = [];
  const record =
    (op: string, answer: unknown) =>
    async (...args: unknown[]) => {
      if (refuse) throw refuse;
      calls.push({ op, args });
      return answer;
    };
  const context = adminActionContext({
    advisories: {
      create: record("create", { id: "ONI-2026-007" }),
      update: record("update", { mailed: 0 }),
      publish: record("publish", { mailed: 3 }),
      withdraw: record("withdraw", undefined),
    },
  });
  return { context, calls };
}

const args = (request: Request, context: AppLoadContext, id?: string) => ({ request, context, params: { id } }) as never;

const fields: [string, string][] = [
  ["intent", "save"],
  ["title", "Path traversal"],
  ["summary", "Reads files outside the scan directory."],
  ["details", "Details <script>alert(1)</script>"],
  ["product_id", "dirx"],
  ["ranges.0.introduced", "2.0"],
  ["ranges.0.fixed", "2.1"],
  ["ranges.1.introduced", ""],
  ["ranges.1.fixed", ""],
  ["cvss_vector", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"],
  ["cve_id", ""],
  ["credits.0.name", "Mira Rao"],
  ["credits.0.consent", "on"],
  ["credits.1.name", ""],
];
const withField = (name: string, value: string) => fields.map(([k, v]): [string, string] => [k, k === name ? value : v]);

describe("the advisory actions", () => {
  it("saves a new draft through the advisories service and goes to its screen", async () => {
    const { context, calls } = contextWith();
    const res = (await newAction(args(formPost("/dashboard/advisories/new", fields), context))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/advisories/ONI-2026-007");
    expect(calls).toEqual([
      {
        op: "create",
        args: [
          {
            title: "Path traversal",
            summary: "Reads files outside the scan directory.",
            details: "Details <script>alert(1)</script>",
            product_id: "dirx",
            ranges: [{ introduced: "2.0", fixed: "2.1" }],
            cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
            credits: [{ name: "Mira Rao", consent: true }],
          },
          HARNESS_ACTOR,
        ],
      },
    ]);
  });

  it.each([
    ["an invalid CVSS vector", "cvss_vector", "CVSS:3.1/AV:N/AC:L", "cvss_vector"],
    ["a version range that does not parse", "ranges.0.introduced", "two", "ranges.0.introduced"],
    ["a bad CVE id", "cve_id", "CVE-1-2", "cve_id"],
  ])("answers %s by its field and calls no service", async (_what, name, value, field) => {
    const { context, calls } = contextWith();
    const answer = answerOf(await newAction(args(formPost("/dashboard/advisories/new", withField(name, value)), context)));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, errors: { [field]: expect.any(String) } });
    expect(calls).toEqual([]);
  });

  it("answers the service's refusal of an unknown product by its field", async () => {
    const { context } = contextWith(
      domainError("invalid_input", "Some fields are missing or invalid.", {
        product_id: "Choose a product from the list: there is no such product.",
      }),
    );
    const answer = answerOf(
      await editAction(args(formPost("/dashboard/advisories/ONI-2026-007", withField("product_id", "nothere")), context, "ONI-2026-007")),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { ok: false, intent: "save", errors: { product_id: expect.stringContaining("no such product") } },
    });
  });

  // The blank first row is dropped before the schema and the service read the rows: the refused second
  // row is still named as the form posted it, so its message shows beside it and not one row up.
  const blankFirstRow = (second: Record<string, string>) =>
    fields.map(([k, v]): [string, string] => [k, k.startsWith("ranges.0.") ? "" : (second[k] ?? v)]);

  it("names a row the schema refuses by its place in the form when a blank row comes before it", async () => {
    const { context, calls } = contextWith();
    const posted = blankFirstRow({ "ranges.1.introduced": "two" });
    const answer = answerOf(await newAction(args(formPost("/dashboard/advisories/new", posted), context)));
    expect((answer.body as { errors: object }).errors).toEqual({ "ranges.1.introduced": expect.any(String) });
    expect(calls).toEqual([]);
  });

  it("names a row the service refuses by its place in the form when a blank row comes before it", async () => {
    const { context } = contextWith(domainError("invalid_input", "Some fields are missing or invalid.", { "ranges.0.fixed": "No 2.1." }));
    const posted = blankFirstRow({ "ranges.1.introduced": "2.0", "ranges.1.fixed": "2.1" });
    const answer = answerOf(await editAction(args(formPost("/dashboard/advisories/ONI-2026-007", posted), context, "ONI-2026-007")));
    expect((answer.body as { errors: object }).errors).toEqual({ "ranges.1.fixed": "No 2.1." });
  });

  it("publishes and withdraws by intent, saying how many holders were mailed", async () => {
    const { context, calls } = contextWith();
    const published = answerOf(
      await editAction(args(formPost("/dashboard/advisories/ONI-2026-007", [["intent", "publish"]]), context, "ONI-2026-007")),
    );
    expect(published.body).toMatchObject({
      ok: true,
      intent: "publish",
      message: "ONI-2026-007 is published; 3 licence holders were mailed.",
    });
    const withdrawn = answerOf(
      await editAction(args(formPost("/dashboard/advisories/ONI-2026-007", [["intent", "withdraw"]]), context, "ONI-2026-007")),
    );
    expect(withdrawn.body).toMatchObject({ ok: true, intent: "withdraw" });
    expect(calls.map((c) => [c.op, c.args[0]])).toEqual([
      ["publish", "ONI-2026-007"],
      ["withdraw", "ONI-2026-007"],
    ]);
  });
});

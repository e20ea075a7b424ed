import { format, resolveConfig } from "prettier";
import { loadConfig } from "../platform/config";
import { openApiDocument } from "./openapi";
import { API_OPERATIONS } from "./operations";

/**
 * docs/api.md, written from the same OpenAPI document GET /api/openapi.json serves: one section per
 * operation with its method, path, summary, request fields and answers. `npm run docs:api` writes
 * the file (scripts/api-docs.ts); api-reference.test.ts fails when the committed file is stale.
 */

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: string; required: boolean; schema: Schema };
type Content = Record<string, { schema: Schema }>;
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { description?: string; content?: Content; $ref?: string }>;
};
type Document = ReturnType<typeof openApiDocument>;

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const json = (value: unknown) => "`" + JSON.stringify(value) + "`";

/** A schema in a few words: its type and the limits a client must respect. */
export function describeSchema(s: Schema): string {
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return variants.map(describeSchema).join(" or ");
  if (s.const !== undefined) return json(s.const);
  if (s.enum) return s.enum.map(json).join(", ");
  let type = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
  if (s.type === "array" && s.items) type = `array of (${describeSchema(s.items)})`;
  const limits: string[] = [];
  if (s.format) limits.push(s.format);
  if (s.minLength !== undefined || s.maxLength !== undefined) limits.push(`length ${s.minLength ?? 0}..${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined || s.maximum !== undefined) limits.push(`${s.minimum ?? "−∞"}..${s.maximum ?? "∞"}`);
  if (s.exclusiveMinimum !== undefined) limits.push(`> ${s.exclusiveMinimum}`);
  if (s.minItems !== undefined || s.maxItems !== undefined) limits.push(`${s.minItems ?? 0}..${s.maxItems ?? "∞"} items`);
  if (s.pattern) limits.push(`pattern \`${s.pattern}\``);
  if (s.default !== undefined) limits.push(`default ${json(s.default)}`);
  return limits.length ? `${type} (${limits.join(", ")})` : type;
}

function fieldTable(schema: Schema): string[] {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.length) return [`- ${cell(describeSchema(schema))}`];
  const notes = properties.some(([, p]) => p.description);
  const rows = properties.map(([name, p]) => {
    const required = schema.required?.includes(name) ? "yes" : "no";
    const note = notes ? ` ${cell(p.description ?? "")} |` : "";
    return `| \`${name}\` | ${cell(describeSchema(p))} | ${required} |${note}`;
  });
  const head = notes
    ? ["| field | type | required | notes |", "| --- | --- | --- | --- |"]
    : ["| field | type | required |", "| --- | --- | --- |"];
  return [...head, ...rows];
}

function bodySection(content: Content): string[] {
  const types = Object.keys(content).map((t) => `\`${t}\``);
  const schema = content["application/json"]?.schema ?? {};
  const lines = [`Request body (${types.join(", ")}):`, ""];
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants) return [...lines, ...fieldTable(schema)];
  variants.forEach((variant, i) => lines.push(...(i ? [""] : []), `One of, form ${i + 1}:`, "", ...fieldTable(variant)));
  return lines;
}

function operationSection(path: string, method: string, op: Operation, errors: Record<string, string>): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, "", `${op.summary}.`.replace(/\.\.$/, "."), ""];
  if (op.description) lines.push(op.description, "");
  const auth = op.security.length ? "an admin session (cookie or bearer token)" : "none";
  lines.push(`Operation id: \`${op.operationId}\`. Authentication: ${auth}.`, "");
  if (op.parameters?.length) {
    lines.push("Parameters:", "", "| name | in | type | required |", "| --- | --- | --- | --- |");
    for (const p of op.parameters) {
      lines.push(`| \`${p.name}\` | ${p.in} | ${cell(describeSchema(p.schema))} | ${p.required ? "yes" : "no"} |`);
    }
    lines.push("");
  }
  if (op.requestBody) lines.push(...bodySection(op.requestBody.content), "");
  lines.push("Responses:", "");
  for (const [status, answer] of Object.entries(op.responses)) {
    if (answer.$ref) {
      lines.push(`- ${status}: ${errors[status] ?? ""}`);
      continue;
    }
    const media = Object.keys(answer.content ?? {})[0];
    if (media && media !== "application/json") {
      lines.push(`- ${status}: ${answer.description ?? ""}, \`${media}\``);
      continue;
    }
    const schema = answer.content?.["application/json"]?.schema ?? {};
    const shapes = (schema.anyOf ?? schema.oneOf ?? [schema]).map((v) => Object.keys(v.properties ?? {}).map((f) => `\`${f}\``));
    const fields = shapes.filter((f) => f.length).map((f) => f.join(", "));
    lines.push(
      `- ${status}: ${answer.description ?? ""}${fields.length ? `, JSON with ${fields.join("; or ")}` : `, JSON ${describeSchema(schema)}`}`,
    );
  }
  lines.push("");
  return lines;
}

/** The Markdown reference of one OpenAPI document, grouped by tag in the document's tag order. */
export function apiReferenceMarkdown(doc: Document): string {
  const errors = Object.fromEntries(Object.entries(doc.components.responses).map(([k, v]) => [k.slice(1), v.description]));
  const lines = [
    "# API reference",
    "",
    "<!-- Generated by `npm run docs:api` (scripts/api-docs.ts) from the OpenAPI document the server",
    "serves at /api/openapi.json. Do not edit by hand: server/api/api-reference.test.ts fails when it is stale. -->",
    "",
    `${doc.info.description} OpenAPI ${doc.openapi}; every error answer is JSON`,
    '`{status: "error", message, errors?}` (`errors` names each invalid field on a 400).',
    "",
  ];
  const entries = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Operation })),
  );
  for (const tag of doc.tags) {
    const ops = entries.filter((e) => e.op.tags[0] === tag.name);
    if (!ops.length) continue;
    lines.push(`## ${tag.name}`, "", `${tag.description}.`, "");
    for (const { path, method, op } of ops) lines.push(...operationSection(path, method, op, errors));
  }
  return lines.join("\n").replace(/\n+$/, "\n");
}

/** The reference of this build's operations (default configuration, no environment read), formatted as the repo's Prettier would. */
export async function currentApiReference(): Promise<string> {
  const markdown = apiReferenceMarkdown(openApiDocument(API_OPERATIONS, loadConfig({})));
  const target = new URL("../../docs/api.md", import.meta.url).pathname;
  return format(markdown, { ...(await resolveConfig(target)), parser: "markdown" });
}

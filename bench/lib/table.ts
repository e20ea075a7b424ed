/** One line of the result table. `ratio` is value / baseline measured in the same run. */
export type Row = {
  section: string;
  what: string;
  value: string;
  baseline?: string;
  ratio?: string;
  target?: string;
  verdict?: "ok" | "MISS" | "";
};

export const rows: Row[] = [];
export const add = (row: Row) => {
  rows.push(row);
  // Print as we go: a long run shows progress, and a crash keeps what was measured.
  console.log(
    `  ${row.section} | ${row.what}: ${row.value}${row.ratio ? ` (${row.ratio} of ${row.baseline})` : ""}${row.verdict ? ` ${row.verdict}` : ""}`,
  );
};
export const na = (section: string, what: string, why: string) => add({ section, what, value: `n/a (${why})` });

export const rps = (n: number) => `${Math.round(n).toLocaleString("en-US")}/s`;
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : "n/a");
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (value: number, baseline: number) => (baseline > 0 ? `${Math.round((value / baseline) * 100)} %` : "n/a");
export const times = (value: number, baseline: number) => (baseline > 0 ? `${(value / baseline).toFixed(2)}×` : "n/a");
export const verdict = (ok: boolean) => (ok ? "ok" : "MISS");

/** The whole table as Markdown (also the form docs/benchmarks.md keeps). */
export function markdown(): string {
  const lines = ["| section | measure | value | baseline | ratio | target | |", "| --- | --- | --- | --- | --- | --- | --- |"];
  for (const r of rows)
    lines.push(
      `| ${r.section} | ${r.what} | ${r.value} | ${r.baseline ?? ""} | ${r.ratio ?? ""} | ${r.target ?? ""} | ${r.verdict ?? ""} |`,
    );
  return lines.join("\n");
}

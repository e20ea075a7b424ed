// Every figure of the process-level checks is printed as a markdown table row, so CI logs can be
// pasted into docs/reliability.md as they are.
export function figureRow(check: string, figures: Record<string, string | number>): void {
  const text = Object.entries(figures)
    .map(([name, value]) => `${name} ${typeof value === "number" ? round(value).toLocaleString("en-US") : value}`)
    .join(", ");
  console.log(`| ${check} | ${text} |`);
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Number(value.toFixed(2)));

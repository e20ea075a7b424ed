/** One JSON line per event on stdout. Callers never pass passwords, tokens or message bodies. */
export function logLine(fields: Record<string, unknown>): void {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), ...fields }) + "\n");
}

import type { AppLoadContext } from "react-router";
import { loadConfig } from "../../server/platform/config";
import { createServices } from "../../server/services";
import type { BenchDb } from "../lib/databases";
import { oneLine, recordingDb, timeStatements } from "../lib/statements";
import { add, ms } from "../lib/table";

/** A page per visitor: what the load asks for, and its loaders called as React Router calls them for a GET of it. */
export type VisitorPage = {
  label: string;
  path: string;
  headers: Record<string, string>;
  view(request: Request, context: AppLoadContext): Promise<unknown>;
};

/** A loader's redirect or error page arrives as a thrown Response: the view did not show the page. */
async function viewOnce(page: VisitorPage, context: AppLoadContext): Promise<void> {
  try {
    await page.view(new Request(`http://127.0.0.1${page.path}`, { headers: page.headers }), context);
  } catch (thrown) {
    if (thrown instanceof Response) throw new Error(`${page.path}'s loaders answered ${thrown.status}`, { cause: thrown });
    throw thrown;
  }
}

/**
 * One row per page: how many statements one view of it runs and the slowest of them. The loaders
 * run once on services built over a recording drizzle database, then each recorded statement is
 * timed on the same database. Opens the database from the bench process: for PGlite, only once the
 * server has stopped.
 */
export async function slowestStatementRows(section: string, db: BenchDb, pages: VisitorPage[], env: Record<string, string>): Promise<void> {
  const database = await db.open();
  try {
    const recording = recordingDb(database);
    const config = loadConfig({ ...env, LOG_REQUESTS: "false" });
    const context: AppLoadContext = {
      services: createServices(recording.db, config),
      config,
      cspNonce: "",
      clientIp: "127.0.0.1",
      https: false,
      reportError: (error) => console.error(error),
    };
    for (const page of pages) {
      recording.statements.length = 0;
      await viewOnce(page, context);
      const statements = [...recording.statements];
      const times = await timeStatements(database, statements);
      const slowest = times.indexOf(Math.max(...times));
      add({
        section,
        what: `slowest statement of ${page.label} (of ${statements.length}; median of 20 runs)`,
        value: statements.length ? `${ms(times[slowest])} — ${oneLine(statements[slowest].text).replaceAll("|", "\\|")}` : "none",
      });
    }
  } finally {
    await database.close();
  }
}

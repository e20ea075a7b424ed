import { describeErrorForLog, logLine } from "../../../server/platform/log";

/**
 * One sanitised log line for a failure a screen shows as a banner instead of throwing: the server's
 * logger, so neither a stack nor a failed query's SQL and parameters reach the log.
 */
export function logPageFailure(msg: string, request: Request, error: unknown): void {
  logLine({ level: "error", msg, path: new URL(request.url).pathname, ...describeErrorForLog(error) });
}

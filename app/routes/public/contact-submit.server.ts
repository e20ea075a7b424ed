import type { AppLoadContext } from "react-router";
import { domainErrorKind, type InvalidInputError } from "../../../server/platform/errors";

export type ContactResult = {
  ok: boolean;
  /** 200 stored, 400 a field is wrong, 429 throttled. */
  status: 200 | 400 | 429;
  kind: "general" | "campus";
  message: string;
  errors?: Record<string, string>;
};

/** The no-JavaScript path: the same service as the JSON API, so it validates, throttles and stores alike. */
export async function submitContactForm(request: Request, context: AppLoadContext): Promise<ContactResult> {
  const kind = new URL(request.url).searchParams.get("form") === "campus" ? "campus" : "general";
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  if (!values.botcheck) delete values.botcheck;
  try {
    await context.services.contact.submit(kind, values, context.clientIp);
    return { ok: true, status: 200, kind, message: "" };
  } catch (error) {
    // By kind, not instanceof: this route bundle holds its own copy of the error classes (server/platform/errors.ts).
    const failure = domainErrorKind(error);
    if (failure === "invalid_input") {
      const { message, fieldErrors } = error as InvalidInputError;
      return { ok: false, status: 400, kind, message, errors: fieldErrors };
    }
    if (failure === "throttled") return { ok: false, status: 429, kind, message: (error as Error).message };
    throw error;
  }
}

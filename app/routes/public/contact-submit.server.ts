import type { AppLoadContext } from "react-router";

export type ContactResult = { ok: boolean; kind: "general" | "campus"; message: string; errors?: Record<string, string> };

/** The no-JavaScript path: the same service as the JSON API, so it validates, throttles and stores alike. */
export async function submitContactForm(request: Request, context: AppLoadContext): Promise<ContactResult> {
  const kind = new URL(request.url).searchParams.get("form") === "campus" ? "campus" : "general";
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  if (!values.botcheck) delete values.botcheck;
  try {
    await context.services.contact.submit(kind, values, context.clientIp);
    return { ok: true, kind, message: "" };
  } catch (error) {
    // Duck-typed: the route bundle and the server bundle may each hold their own HttpError class.
    const failure = error as { status?: number; message?: string; errors?: Record<string, string> };
    if (failure.status === 400 || failure.status === 429) {
      return { ok: false, kind, message: failure.message ?? "", errors: failure.errors };
    }
    throw error;
  }
}

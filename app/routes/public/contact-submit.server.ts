import type { AppLoadContext } from "react-router";
import { formAction } from "../../lib/form-action.server";

/** Which contact form posted: the page's title and the way back depend on it, whatever the outcome. */
type ContactForm = { kind: "general" | "campus" };

/**
 * The no-JavaScript path: the same service as the JSON API, so it validates, throttles and stores alike
 * (a refused field is listed by its label, a throttle says when to try again).
 */
export async function submitContactForm(request: Request, context: AppLoadContext) {
  const kind = new URL(request.url).searchParams.get("form") === "campus" ? "campus" : "general";
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  if (!values.botcheck) delete values.botcheck;
  return formAction<ContactForm>(
    undefined,
    async () => {
      await context.services.contact.submit(kind, values, context.clientIp);
      return { message: "", value: { kind } };
    },
    { refused: () => ({ value: { kind } }) },
  );
}

import { CONTACT_MESSAGES, type ContactFormKind } from "../../contract/contact-messages";
import { notify, prepareToasts } from "./toasts";

// Loaded when a contact form is submitted (or about to be), not with the page: the page itself
// works without it, and without JavaScript the form posts to /contact/sent.

/** Sends a contact form as JSON; the honeypot goes along only when a bot ticked it. */
async function postContact(form: HTMLFormElement): Promise<boolean> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && !(key === "botcheck" && !value)) values[key] = value;
  }
  try {
    const response = await fetch("/api/contact-general", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(values),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Posts the form and toasts the outcome in the wording of that form (the home and campus forms word it differently). */
export async function sendContact(form: HTMLFormElement, which: ContactFormKind): Promise<boolean> {
  prepareToasts();
  const ok = await postContact(form);
  const [success, failure] =
    which === "general"
      ? [CONTACT_MESSAGES.generalSuccess, CONTACT_MESSAGES.generalFailure]
      : [CONTACT_MESSAGES.campusSuccess, CONTACT_MESSAGES.campusFailure];
  await notify(ok ? "success" : "error", ok ? success : failure);
  return ok;
}

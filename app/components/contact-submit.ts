import { useState, type FormEvent } from "react";

// The sending code (fetch, wording, toasts) is its own chunk: pages load without it.
const loadSender = () => import("./post-contact");

/**
 * Submit handling shared by the contact forms: posts as JSON and toasts the outcome; the form is
 * cleared only when the message was accepted. Should the sending code fail to load, the form
 * falls back to its plain POST, the path used without JavaScript.
 */
export function useContactSubmit(which: "general" | "campus", onSent?: () => void) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    let sender: Awaited<ReturnType<typeof loadSender>>;
    try {
      sender = await loadSender();
    } catch {
      form.submit();
      return;
    }
    const ok = await sender.sendContact(form, which);
    setBusy(false);
    if (ok) {
      form.reset();
      onSent?.();
    }
  };
  // Fetched while the visitor types, so the click does not wait for it.
  const onFocus = () => void loadSender().catch(() => undefined);
  return { busy, onSubmit, onFocus };
}

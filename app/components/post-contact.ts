/** Sends a contact form as JSON; the honeypot goes along only when a bot ticked it. */
export async function postContact(form: HTMLFormElement): Promise<boolean> {
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

export const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-sky-600 focus:outline-2 focus:outline-sky-600";

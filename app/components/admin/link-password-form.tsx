import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { authButtonClass, Notice } from "./auth-card";
import { NewPasswordFields, newPasswordProblems } from "./new-password-fields";
import { useFocusFirstError } from "./use-focus-first-error";
import { useHydrated } from "./use-hydrated";

/** The token of a mailed link: `#token=…` (the fragment never reaches a server, a log or a Referer). */
function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  return token && /^[A-Za-z0-9_-]{10,200}$/.test(token) ? token : null;
}

type Props = {
  /** POST endpoint taking `{token, password}`. */
  endpoint: string;
  submitLabel: string;
  /** What to do when the link is missing, used or expired. */
  badLink: React.ReactNode;
};

/**
 * Choose a password from a mailed link (reset or invitation). The token is read from the URL
 * fragment by the page itself, so the form needs JavaScript; without it a message says so.
 */
export function LinkPasswordForm({ endpoint, submitLabel, badLink }: Props) {
  const hydrated = useHydrated();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [linkBroken, setLinkBroken] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  useEffect(() => {
    const read = () => setToken(tokenFromFragment());
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const again = String(form.get("confirm_password") ?? "");
    const local = newPasswordProblems("password", password, again);
    setErrors(local);
    setNotice(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>(endpoint, { json: { token, password }, noReauth: true });
      setDone(true);
      setNotice({ kind: "success", text: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setErrors(error.errors);
        if (error.errors.token) setLinkBroken(true);
        // A message that already stands beside its field is not repeated under the form.
        if (!Object.values(error.errors).includes(error.message) || error.errors.token) setNotice({ kind: "error", text: error.message });
      } else setNotice({ kind: "error", text: "The server could not be reached. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <>
        <Notice notice={notice} />
        <p className="mt-4">
          <Link to="/login" className="font-semibold text-blue-800 underline">
            Go to the login
          </Link>
        </p>
      </>
    );
  if (token === null || linkBroken)
    return (
      <div role="alert" className="mt-4 text-sm">
        <p className="text-red-700">{linkBroken ? notice?.text : "This link is incomplete: its code is missing."}</p>
        <div className="mt-2">{badLink}</div>
      </div>
    );
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-4 grid gap-4">
      <noscript>
        <p className="rounded border border-amber-400 bg-amber-50 p-3 text-sm">
          This page needs JavaScript: it reads the code of your link in the browser, so the code never reaches a server log. Turn JavaScript
          on, or open the link in another browser.
        </p>
      </noscript>
      <NewPasswordFields name="password" errors={errors} />
      <div>
        <Notice notice={notice} />
        <button type="submit" disabled={!hydrated || !token || busy} className={authButtonClass.replace("mt-4 ", "")}>
          {busy ? "Saving..." : submitLabel}
        </button>
      </div>
    </form>
  );
}

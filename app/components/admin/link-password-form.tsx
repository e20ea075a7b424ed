import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { FormResult } from "../../lib/form-result";
import { authButtonClass, Notice } from "./auth-card";
import { NewPasswordFields, newPasswordProblems } from "./new-password-fields";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";
import { useHydrated } from "./use-hydrated";

/** The token of a mailed link: `#token=…` (the fragment never reaches a server, a log or a Referer). */
function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  return token && /^[A-Za-z0-9_-]{10,200}$/.test(token) ? token : null;
}

type Props = {
  submitLabel: string;
  /** What to do when the link is missing, used or expired. */
  badLink: React.ReactNode;
};

/**
 * Choose a password from a mailed link (reset or invitation), posted to the page's own action
 * (app/routes/admin/link-password.server.ts). The token is read from the URL fragment by the page
 * itself into a hidden field, so the form needs JavaScript; without it a message says so.
 */
export function LinkPasswordForm({ submitLabel, badLink }: Props) {
  const hydrated = useHydrated();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [linkBroken, setLinkBroken] = useState(false);
  const [done, setDone] = useState(false);
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  useEffect(() => {
    const read = () => setToken(tokenFromFragment());
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      setDone(true);
      setNotice({ kind: "success", text: result.message });
      return;
    }
    setErrors(result.errors);
    if (result.errors.token) setLinkBroken(true);
    // A message that already stands beside its field is not repeated under the form.
    if (!Object.values(result.errors).includes(result.message) || result.errors.token) setNotice({ kind: "error", text: result.message });
  });

  // The browser's checks first (the length, the two fields matching): a refused form is not sent.
  function submit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const local = newPasswordProblems("password", String(form.get("password") ?? ""), String(form.get("confirm_password") ?? ""));
    setErrors(local);
    setNotice(null);
    if (!token || Object.keys(local).length) event.preventDefault();
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
    <fetcher.Form ref={formRef} method="post" onSubmit={submit} noValidate className="mt-4 grid gap-4">
      <input type="hidden" name="token" value={token ?? ""} />
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
    </fetcher.Form>
  );
}

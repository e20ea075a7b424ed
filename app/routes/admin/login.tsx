import { useState } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { LoginResponseSchema } from "../../../contract/auth";
import { LoginMfaRequiredSchema, type LoginMfaRequired } from "../../../contract/identity";
import { Notice } from "../../components/admin/auth-card";
import { LoginSecondStep } from "../../components/admin/login-second-step";
import { useHydrated } from "../../components/admin/use-hydrated";
import { ApiError, api } from "../../lib/api-client";
import { passkeyError, signInWithPasskey } from "../../lib/passkey-client";
import { safeNext } from "../../lib/safe-next";
import type { Route } from "./+types/login";
import { currentAdmin } from "./session.server";

const LOGIN_MESSAGES = {
  empty: "Please fill all fields.",
  shortPassword: "Password must be at least 6 characters long.",
  success: "Login successful!",
  failure: "Invalid credentials or server error.",
} as const;
const MIN_PASSWORD = 6;
const RELOAD_AFTER_MS = 3000; // time to read the success message before the dashboard opens

// An admin who is already logged in skips the form (to the page asked for, when it is on this site).
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentAdmin(request, context)) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

type Notice = { kind: "error" | "success"; text: string } | null;

export default function Login() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [params] = useSearchParams();
  const [secondStep, setSecondStep] = useState<LoginMfaRequired | null>(null);

  // The HttpOnly session cookie is set; as the original site did, reload into the dashboard after 3 seconds, here into
  // the page the guard was asked for (same-site relative paths only; anything else: the overview).
  function loggedIn(message: string) {
    setSecondStep(null);
    setNotice({ kind: "success", text: message || LOGIN_MESSAGES.success });
    const next = safeNext(params.get("next"));
    window.setTimeout(() => window.location.assign(next), RELOAD_AFTER_MS);
  }

  async function passkeyLogin() {
    setBusy(true);
    setNotice(null);
    try {
      await signInWithPasskey();
      loggedIn(LOGIN_MESSAGES.success);
    } catch (error) {
      const serverSaid = passkeyError(error) ?? (error instanceof ApiError && error.status < 500 && error.message);
      setNotice({ kind: "error", text: serverSaid || LOGIN_MESSAGES.failure });
      setBusy(false);
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) return setNotice({ kind: "error", text: LOGIN_MESSAGES.empty });
    if (password.length < MIN_PASSWORD) return setNotice({ kind: "error", text: LOGIN_MESSAGES.shortPassword });
    setBusy(true);
    setNotice(null);
    try {
      const raw = await api("/api/admin/login", { json: { email, password }, noReauth: true });
      const mfa = LoginMfaRequiredSchema.safeParse(raw);
      if (mfa.success) {
        setSecondStep(mfa.data);
        setBusy(false);
        return;
      }
      loggedIn(LoginResponseSchema.parse(raw).message);
    } catch (error) {
      // A status that is not success shows the server's own sentence; anything else the generic one.
      const serverSaid = error instanceof ApiError && error.status < 500 && error.message;
      setNotice({ kind: "error", text: serverSaid || LOGIN_MESSAGES.failure });
      setBusy(false);
    }
  }

  const field =
    "mt-1 block w-full rounded border border-slate-400 px-3 py-2 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700";
  if (secondStep) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
        <title>Admin login: second step</title>
        <meta name="robots" content="noindex" />
        <LoginSecondStep
          mfaToken={secondStep.mfa_token}
          methods={secondStep.methods}
          field={field}
          onDone={loggedIn}
          onRestart={() => setSecondStep(null)}
        />
      </main>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <title>Admin login</title>
      <meta name="robots" content="noindex" />
      <form onSubmit={onSubmit} noValidate className="w-full max-w-sm rounded-lg bg-white p-6 shadow" aria-labelledby="login-title">
        <h1 id="login-title" className="text-2xl font-bold">
          Admin login
        </h1>
        <label className="mt-6 block text-sm font-medium" htmlFor="login-email">
          Email-Address
        </label>
        <input id="login-email" name="email" type="email" autoComplete="username" className={field} />
        <label className="mt-4 block text-sm font-medium" htmlFor="login-password">
          Password
        </label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" className={field} />
        <Notice notice={notice} />
        <button
          type="submit"
          disabled={!hydrated || busy}
          className="mt-4 w-full rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {busy ? "Logging In..." : "Login In"}
        </button>
        <button
          type="button"
          onClick={passkeyLogin}
          disabled={!hydrated || busy}
          className="mt-3 w-full rounded border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100 disabled:opacity-60"
        >
          Sign in with a passkey
        </button>
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/forgot-password" className="text-blue-800 underline">
            Forgot password?
          </Link>
        </p>
        <p className="mt-2 text-center text-sm">
          <a href="/" className="text-blue-800 underline">
            Back to the home page
          </a>
        </p>
      </form>
    </main>
  );
}

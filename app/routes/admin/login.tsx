import { useEffect, useRef, useState } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { Notice } from "../../components/admin/auth-card";
import { LoginSecondStep, type SecondStepProof } from "../../components/admin/login-second-step";
import { useActionCall } from "../../components/admin/use-action-call";
import { useFocusFirstError } from "../../components/admin/use-focus-first-error";
import { useHydrated } from "../../components/admin/use-hydrated";
import { ApiError } from "../../lib/api-client";
import { LOGIN_SUCCESS, type LoginAnswer, signedInAnswer } from "../../lib/login-answer";
import { passkeyError, signInWithPasskey } from "../../lib/passkey-client";
import { reachServer } from "../../lib/reach-server";
import { safeNext } from "../../lib/safe-next";
import type { Route } from "./+types/login";
import { loginAction } from "./login.server";
import { currentAdmin } from "./session.server";

const LOGIN_MESSAGES = {
  empty: "Please fill all fields.",
  shortPassword: "Password must be at least 6 characters long.",
  failure: "Invalid credentials or server error.",
} as const;
const MIN_PASSWORD = 6;
const RELOAD_AFTER_MS = 3000; // time to read the success message before the dashboard opens
const LOGIN_PATH = "/login";

// An admin who is already logged in skips the form (to the page asked for, when it is on this site).
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await currentAdmin(request, context)) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export const action = ({ request, context }: Route.ActionArgs) => loginAction(request, context);

// A post lost on the network answers reachServer's form failure, a LoginAnswer with no field errors.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  reachServer(() => signedInAnswer(serverAction), LOGIN_MESSAGES.failure) as Promise<LoginAnswer>;

// The page reads each answer itself: a revalidated loader would find the new session and leave
// before the success sentence is shown.
export const shouldRevalidate = () => false;

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

const field =
  "mt-1 block w-full rounded border border-slate-400 px-3 py-2 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700 aria-[invalid=true]:border-red-700";

type LoginInputProps = { name: string; label: string; error?: string; top: "mt-4" | "mt-6" };

/** A login input with its label and the server's message for it, tied together for screen readers. */
function LoginInput({ name, label, error, top, ...input }: React.InputHTMLAttributes<HTMLInputElement> & LoginInputProps) {
  const id = `login-${name}`;
  return (
    <>
      <label className={`${top} block text-sm font-medium`} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The password, then (with a second factor) a code: plain form posts to this page's action, so the
 * login works without JavaScript; with it each step is sent by a fetcher and answered in place.
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const next = params.get("next") ?? "";
  const call = useActionCall<LoginAnswer>(LOGIN_PATH);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<LoginAnswer | null>(actionData ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = answer && !answer.ok ? answer.errors : undefined;
  const nextPage = answer?.value?.next;
  useFocusFirstError(formRef, errors ?? {});

  // The HttpOnly session cookie is set; as the original site did, reload into the dashboard after 3 seconds, here into
  // the page the guard was asked for (same-site relative paths only; anything else: the overview).
  useEffect(() => {
    if (!nextPage) return;
    const timer = window.setTimeout(() => window.location.assign(nextPage), RELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [nextPage]);
  const loggedIn = (message: string) => setAnswer({ ok: true, message, value: { next: safeNext(next) } });

  async function passkeyLogin() {
    setBusy(true);
    setAnswer(null);
    try {
      await signInWithPasskey();
      loggedIn(LOGIN_SUCCESS);
    } catch (error) {
      const serverSaid = passkeyError(error) ?? (error instanceof ApiError && error.status < 500 && error.message);
      setAnswer({ ok: false, message: serverSaid || LOGIN_MESSAGES.failure, errors: {} });
      setBusy(false);
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const refuse = (message: string) => setAnswer({ ok: false, message, errors: {} });
    if (!email || !password) return refuse(LOGIN_MESSAGES.empty);
    if (password.length < MIN_PASSWORD) return refuse(LOGIN_MESSAGES.shortPassword);
    setBusy(true);
    setAnswer(null);
    setAnswer(await call(form));
    setBusy(false);
  }

  async function sendCode(proof: SecondStepProof) {
    const step = answer?.value?.secondStep;
    const form = new FormData();
    const [mode, code] = "code" in proof ? ["totp", proof.code] : ["recovery", proof.recovery_code];
    const fields = { intent: "mfa", next, mfa_token: step?.mfaToken ?? "", methods: step?.methods.join(",") ?? "", mode, code };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const result = await call(form);
    if (!result.ok) throw new ApiError(result.errors.code ?? result.message, 400);
    return result.message;
  }

  const success = nextPage ? answer : null;
  const secondStep = answer?.value?.secondStep;
  if (answer && secondStep && !success) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
        <title>Admin login: second step</title>
        <meta name="robots" content="noindex" />
        <LoginSecondStep
          step={secondStep}
          field={field}
          send={sendCode}
          onDone={loggedIn}
          onRestart={() => setAnswer(null)}
          plainPost={{
            hidden: { next },
            restartHref: next ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH,
            error: answer.ok ? undefined : (answer.errors.code ?? answer.message),
          }}
        />
      </main>
    );
  }
  // A message already standing by its field is not repeated under the form.
  const byField = answer && !answer.ok && Object.values(answer.errors).includes(answer.message);
  const notice = answer?.message && !byField ? { kind: answer.ok ? ("success" as const) : ("error" as const), text: answer.message } : null;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <title>Admin login</title>
      <meta name="robots" content="noindex" />
      <form
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="w-full max-w-sm rounded-lg bg-white p-6 shadow"
        aria-labelledby="login-title"
      >
        <h1 id="login-title" className="text-2xl font-bold">
          Admin login
        </h1>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="next" value={next} />
        {/* Without JavaScript the page comes back from the post: the browser focuses what to fix. */}
        <LoginInput
          name="email"
          label="Email-Address"
          top="mt-6"
          type="email"
          defaultValue={answer?.value?.email}
          autoComplete="username"
          error={errors?.email}
          autoFocus={Boolean(errors?.email)}
        />
        <LoginInput
          name="password"
          label="Password"
          top="mt-4"
          type="password"
          autoComplete="current-password"
          error={errors?.password}
          autoFocus={Boolean(errors?.password && !errors.email)}
        />
        <Notice notice={notice} />
        <button
          type="submit"
          disabled={busy || Boolean(success)}
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

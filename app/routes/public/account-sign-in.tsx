import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { fieldClass } from "../../components/form-styles";
import { PageHero, Prose } from "../../components/page-hero";
import type { Route } from "./+types/account-sign-in";
import { loadSignIn, submitSignIn } from "./account-sign-in.server";

export function meta() {
  return [{ title: "Sign in to your account" }, { name: "robots", content: "noindex" }];
}
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

export const loader = ({ request, context }: Route.LoaderArgs) => loadSignIn(request, context);
export const action = ({ request, context }: Route.ActionArgs) => submitSignIn(request, context);

const button = "mt-4 rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800 disabled:opacity-60";

/** /account/sign-in: the e-mail, then the mailed 6-digit code. Plain form posts: works without JavaScript. */
export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const kept = actionData?.value;
  const step = kept?.step ?? "email";
  const error = actionData && !actionData.ok ? actionData.message : "";
  const fieldErrors = actionData && !actionData.ok ? actionData.errors : {};
  const next = kept?.next ?? loaderData.next;
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (actionData && !actionData.ok) errorRef.current?.focus();
  }, [actionData]);
  return (
    <>
      <PageHero eyebrow="Your account" title="Sign in" />
      <Prose>
        <div aria-live="polite">
          {loaderData.note && !actionData ? (
            <p className="rounded-lg border border-amber-400 bg-amber-50 p-3" data-testid="sign-in-note">
              {loaderData.note}
            </p>
          ) : null}
          {actionData?.ok && actionData.message ? (
            <p className="rounded-lg border border-sky-300 bg-sky-50 p-3" data-testid="sign-in-message">
              {actionData.message}
            </p>
          ) : null}
          {error ? (
            <p ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" id="sign-in-error">
              {error}
            </p>
          ) : null}
        </div>
        {step === "email" ? (
          <Form method="post" className="max-w-md">
            {next ? <input type="hidden" name="next" value={next} /> : null}
            <p>No password: we mail you a code. Use the e-mail address you bought with, or any address to take part in quests.</p>
            <label htmlFor="account-email" className="mt-4 block font-semibold">
              E-mail address
            </label>
            <input
              id="account-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={kept?.email ?? ""}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={error ? "sign-in-error" : undefined}
              className={fieldClass}
            />
            <button type="submit" name="intent" value="send" className={button} disabled={busy}>
              Mail me a code
            </button>
          </Form>
        ) : (
          <Form method="post" className="max-w-md">
            {next ? <input type="hidden" name="next" value={next} /> : null}
            <input type="hidden" name="email" value={kept?.email ?? ""} />
            <label htmlFor="account-code" className="block font-semibold">
              The 6-digit code from the mail
            </label>
            <input
              id="account-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              aria-invalid={fieldErrors.code ? true : undefined}
              aria-describedby={error ? "sign-in-error" : undefined}
              className={`${fieldClass} font-mono text-lg tracking-widest`}
            />
            <button type="submit" name="intent" value="code" className={button} disabled={busy}>
              Sign in
            </button>
            <p className="mt-4 text-sm">
              No mail? Check the spam folder, or <a href="/account/sign-in" className="text-sky-800 underline">ask again</a>.
            </p>
          </Form>
        )}
      </Prose>
    </>
  );
}

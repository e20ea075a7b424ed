import { useEffect, useRef } from "react";
import { fieldClass } from "../../components/form-styles";
import { PageHero, Prose } from "../../components/page-hero";

export function meta() {
  return [{ title: "Signing you in" }, { name: "robots", content: "noindex" }];
}
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

/**
 * /account/verify#token=…: the sign-in mail's link. The token rides in the fragment, which browsers
 * never send to a server (no access log or Referer holds it); this page reads it and posts it to the
 * sign-in action. Without JavaScript the code in the same mail works on the sign-in page.
 */
export default function AccountVerify() {
  const form = useRef<HTMLFormElement>(null);
  const token = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get("token");
    history.replaceState(null, "", window.location.pathname);
    if (!value) {
      window.location.replace("/account/sign-in?link=used");
      return;
    }
    if (token.current && form.current) {
      token.current.value = value;
      form.current.submit();
    }
  }, []);
  return (
    <>
      <PageHero eyebrow="Your account" title="Signing you in…" />
      <Prose>
        <form ref={form} method="post" action="/account/sign-in">
          <input type="hidden" name="intent" value="token" />
          <input ref={token} type="hidden" name="token" />
        </form>
        <p aria-live="polite">One moment, we are checking your sign-in link.</p>
        <noscript>
          <p>This link needs JavaScript. Enter your e-mail address and the 6-digit code from the same mail instead.</p>
          <form method="post" action="/account/sign-in" className="max-w-md">
            <label htmlFor="verify-email" className="mt-2 block font-semibold">
              E-mail address
            </label>
            <input id="verify-email" name="email" type="email" autoComplete="email" required className={fieldClass} />
            <label htmlFor="verify-code" className="mt-2 block font-semibold">
              The 6-digit code from the mail
            </label>
            <input id="verify-code" name="code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} required className={fieldClass} />
            <button type="submit" name="intent" value="code" className="mt-4 rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white">
              Sign in
            </button>
          </form>
        </noscript>
      </Prose>
    </>
  );
}

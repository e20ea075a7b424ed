import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { FormResult } from "../../../lib/form-result";
import { FormOutcome } from "../form-outcome";
import { buttonClass, Field, FormError } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { useFormResult } from "../use-form-result";

/**
 * Invite an admin by e-mail: a single-use link valid 48 hours goes out through the outbox. Posts
 * intent=invite to the screen's action: through a fetcher with JavaScript, as a plain post without.
 */
export function InviteForm() {
  const fetcher = useFetcher<FormResult>({ key: "admin-invite" });
  const actionData = useActionData<FormResult>();
  const posted = actionData?.intent === "invite" ? actionData : undefined;
  const [errors, setErrors] = useState<Record<string, string>>(posted && !posted.ok ? posted.errors : {});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      formRef.current?.reset();
      setErrors({});
    } else if (Object.keys(result.errors).length) setErrors(result.errors);
    else toast.error(result.message);
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return setErrors({ email: "Enter a valid e-mail address." });
    setErrors({});
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  return (
    <form ref={formRef} method="post" onSubmit={submit} noValidate className="mt-3 flex max-w-xl flex-wrap items-start gap-3">
      <input type="hidden" name="intent" value="invite" />
      <Field
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="off"
        required
        hint="They get a link to choose a password; it works once, for 48 hours."
        error={errors.email}
        className="min-w-0 flex-1 basis-64"
      />
      <button type="submit" className={`${buttonClass} sm:mt-6`} disabled={busy}>
        {busy ? "Sending..." : "Send invitation"}
      </button>
      {posted && !posted.ok && !Object.keys(posted.errors).length ? <FormError message={posted.message} /> : null}
      <FormOutcome result={posted?.ok ? posted : undefined} />
    </form>
  );
}

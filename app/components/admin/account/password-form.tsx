import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { FormResult } from "../../../lib/form-result";
import { buttonClass, Field } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { NewPasswordFields, newPasswordProblems } from "../new-password-fields";
import { useFormResult } from "../use-form-result";

/**
 * Change own password: the current one is required; the other sessions end (the list reloads with
 * the screen's loader). Posts intent=password to the screen's action (app/routes/admin/account.server.ts):
 * through a fetcher after the same checks with JavaScript, as a plain post without.
 */
export function PasswordForm() {
  const fetcher = useFetcher<FormResult>({ key: "account-password" });
  const actionData = useActionData<FormResult>();
  const posted = actionData?.intent === "password" ? actionData : undefined;
  const [errors, setErrors] = useState<Record<string, string>>(posted && !posted.ok ? posted.errors : {});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      formRef.current?.reset();
      setErrors({});
    } else {
      setErrors(result.errors);
      toast.error(result.message);
    }
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const current = String(form.get("current_password") ?? "");
    const local = newPasswordProblems("new_password", String(form.get("new_password") ?? ""), String(form.get("confirm_password") ?? ""));
    if (!current) local.current_password = "Enter your current password.";
    setErrors(local);
    if (Object.keys(local).length) return;
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  return (
    <form ref={formRef} method="post" onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value="password" />
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.current_password}
      />
      <NewPasswordFields name="new_password" errors={errors} />
      {posted && !posted.ok && !Object.keys(posted.errors).length ? (
        <p role="alert" className="text-sm text-red-700">
          {posted.message}
        </p>
      ) : null}
      <FormOutcome result={posted?.ok ? posted : undefined} />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </div>
    </form>
  );
}

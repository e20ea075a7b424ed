import { useState } from "react";
import toast from "react-hot-toast";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { buttonClass, Field } from "../form-field";
import { NewPasswordFields, newPasswordProblems } from "../new-password-fields";

/** Change own password: the current one is required; the other sessions end (the list reloads). */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get("current_password") ?? "");
    const next = String(form.get("new_password") ?? "");
    const again = String(form.get("confirm_password") ?? "");
    const local = newPasswordProblems("new_password", next, again);
    if (!current) local.current_password = "Enter your current password.";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>("/api/admin/password", { json: { current_password: current, new_password: next } });
      toast.success(answer.message);
      formElement.reset();
      onChanged();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.current_password}
      />
      <NewPasswordFields name="new_password" errors={errors} />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </div>
    </form>
  );
}

import { useState } from "react";
import toast from "react-hot-toast";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { buttonClass, Field } from "../form-field";

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
    const local: Record<string, string> = {};
    if (!current) local.current_password = "Enter your current password.";
    if (next.length < 12) local.new_password = "At least 12 characters.";
    if (next !== again) local.confirm_password = "The two new passwords differ.";
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
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters; not a common password."
        error={errors.new_password}
      />
      <Field
        label="New password again"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </button>
      </div>
    </form>
  );
}

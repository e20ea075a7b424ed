import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { buttonClass, Field } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";

/** Invite an admin by e-mail: a single-use link valid 48 hours goes out through the outbox. */
export function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const email = String(new FormData(formElement).get("email") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return setErrors({ email: "Enter a valid e-mail address." });
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ message: string }>("/api/admin/admins", { json: { email } });
      toast.success(answer.message);
      formElement.reset();
      onInvited();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      else toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="mt-3 flex max-w-xl flex-wrap items-start gap-3">
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
    </form>
  );
}

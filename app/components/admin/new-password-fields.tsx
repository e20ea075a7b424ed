import { Field } from "./form-field";

export const MIN_ADMIN_PASSWORD = 12; // server/features/identity/passwords.ts MIN_ADMIN_PASSWORD_LENGTH

/** The new password twice, with the rule as a hint; `name` is the first field's name in the API call. */
export function NewPasswordFields({ name, errors }: { name: string; errors: Record<string, string> }) {
  return (
    <>
      <Field
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_ADMIN_PASSWORD} characters; not a common password, not your e-mail.`}
        error={errors[name]}
      />
      <Field
        label="New password again"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password}
      />
    </>
  );
}

/** The checks the browser can make before sending: the length and the two fields matching. */
export function newPasswordProblems(name: string, password: string, again: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (password.length < MIN_ADMIN_PASSWORD) problems[name] = `At least ${MIN_ADMIN_PASSWORD} characters.`;
  if (password !== again) problems.confirm_password = "The two passwords differ.";
  return problems;
}

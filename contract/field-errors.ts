/**
 * zod issues -> `{ field: message }`: the first message per field, nested paths dotted ("features.1").
 * One copy for the server's 400 answers (root key "body") and the admin forms (root key "form").
 */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rootKey = "body",
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || rootKey] ??= issue.message;
  return errors;
}

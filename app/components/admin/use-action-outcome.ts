import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { FormResult } from "../../lib/form-result";

/**
 * A screen that posts a plain `<Form>` and renders its action's answer: whether a post is under
 * way, a ref for the answer's sentence (focus moves there once per answer, so a screen reader reads
 * it and the keyboard starts from it), and the field errors by path to show beside their fields.
 */
export function useActionOutcome<T>(actionData: FormResult<T> | undefined) {
  const busy = useNavigation().state === "submitting";
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (actionData) outcome.current?.focus();
  }, [actionData]);
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  return { busy, outcome, errors };
}

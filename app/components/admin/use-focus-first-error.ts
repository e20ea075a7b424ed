import { type RefObject, useEffect } from "react";

/**
 * After a failed submit, focus goes to the first field marked invalid (or the form's alert), so
 * the admin lands on what to fix instead of hunting for a toast.
 */
export function useFocusFirstError(formRef: RefObject<HTMLElement | null>, errors: Record<string, string>) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!first) return;
    if (first.getAttribute("role") === "alert") first.tabIndex = -1;
    first.focus();
  }, [formRef, errors]);
}

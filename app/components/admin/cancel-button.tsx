import { useLocation } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * Cancel inside a form that was opened in place: with JavaScript a button that closes it; before
 * (or without) JavaScript a link to the screen's own address, which renders it closed. (A submit
 * would post the form, and a GET form cannot sit inside another form.)
 */
export function CancelButton({ onCancel, className, disabled }: { onCancel: () => void; className: string; disabled?: boolean }) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  if (!hydrated) {
    return (
      <a href={pathname} className={`${className} inline-block`}>
        Cancel
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={onCancel} disabled={disabled}>
      Cancel
    </button>
  );
}

import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { buttonClass, secondaryButtonClass } from "./form-field";

/**
 * Warns before work that is not stored yet is lost: a link inside the admin opens a dialog (stay or
 * leave), closing or reloading the tab gets the browser's own prompt.
 */
export function UnsavedChangesGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (blocker.state === "blocked" && dialog && !dialog.open) dialog.showModal();
    if (blocker.state !== "blocked" && dialog?.open) dialog.close();
  }, [blocker.state]);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-text"
      className="m-auto max-w-sm rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={() => blocker.reset?.()}
    >
      <h2 id="unsaved-title" className="text-lg font-semibold">
        Leave this page?
      </h2>
      <p id="unsaved-text" className="mt-2 text-sm">
        {what} Leaving now loses them.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass} onClick={() => blocker.reset?.()} autoFocus>
          Stay on this page
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => blocker.proceed?.()}>
          Leave and discard
        </button>
      </div>
    </dialog>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { secondaryButtonClass } from "./form-field";

export type ConfirmRequest = {
  title: string;
  text: string;
  /** The button that goes ahead, naming what it does ("Delete patch 1.0.3"), never just "OK". */
  confirmLabel: string;
};

const dangerButtonClass =
  "rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * A question before something that cannot be undone, as a modal <dialog>: focus moves to Cancel
 * (the safe answer), Tab stays inside, Escape cancels, and the browser puts focus back where it was.
 * Screen readers hear it as an alertdialog with its title and text. `ask` resolves true to go ahead.
 */
export function useConfirm(): [React.ReactNode, (request: ConfirmRequest) => Promise<boolean>] {
  const [pending, setPending] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const ask = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve })), []);
  const answer = useCallback(
    (ok: boolean) => {
      pending?.resolve(ok);
      setPending(null);
    },
    [pending],
  );
  return [<ConfirmDialog key="confirm" request={pending} onAnswer={answer} />, ask];
}

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest | null; onAnswer: (ok: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!request && dialog.open) dialog.close();
  }, [request]);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {request?.title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm">
        {request?.text}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={() => onAnswer(false)}>
          Cancel
        </button>
        <button type="button" className={dangerButtonClass} onClick={() => onAnswer(true)}>
          {request?.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

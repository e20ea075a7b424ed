import { CopyButton } from "../../copy-button";
import { OpenButton } from "../open-button";

/**
 * Recovery codes, shown once right after they were made: the admin keeps them somewhere safe.
 * "I have saved them" closes the box (without JavaScript it loads the screen again, without them).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section
      aria-labelledby="recovery-title"
      className="rounded border border-amber-400 bg-amber-50 p-4"
      tabIndex={-1}
      ref={(el) => el?.focus()}
    >
      <h3 id="recovery-title" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm">
        Each code signs you in once if you lose your authenticator app or passkey. They are shown only now: save or print them.
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <CopyButton text={codes.join("\n")} />
        <OpenButton className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800" onOpen={onDone}>
          I have saved them
        </OpenButton>
      </div>
    </section>
  );
}

// When an admin call answers 401 in the middle of work (the session timed out), the page asks the
// admin to log in again in place instead of losing what they typed. The admin layout registers the
// handler (a login dialog); the API client waits for it and then repeats the call once.

type Handler = () => Promise<boolean>;
let handler: Handler | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog that logs in again; returns the function that unregisters it. */
export function setReauthHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** True once the admin has logged in again; false when there is no dialog or they cancelled. */
export function reauthenticate(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  // Calls failing together share one dialog.
  pending ??= handler().finally(() => {
    pending = null;
  });
  return pending;
}

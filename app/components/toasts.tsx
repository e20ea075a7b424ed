import { type ComponentType, lazy, Suspense, useSyncExternalStore } from "react";

// react-hot-toast (about 5 KB gzip) loads with the first message instead of with every public
// page. Toasts raised before the toaster mounts are kept in its store and shown when it does.
const loadToaster = () => import("./toaster");
// A chunk that fails to load (deploy in between, network gone) must not take the page down.
const LazyToaster = lazy<ComponentType>(() => loadToaster().catch(() => ({ default: () => null })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function mountToaster() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return loadToaster();
}

/** Starts loading and mounting the toaster ahead of a message that is about to come. */
export function prepareToasts(): void {
  mountToaster().catch(() => undefined);
}

/** Shows a success or error toast, loading the toaster first when needed. Never rejects. */
export async function notify(kind: "success" | "error", message: string): Promise<void> {
  try {
    const { toast } = await mountToaster();
    toast[kind](message);
  } catch {
    // Without the toaster there is nothing to show; the form's own state still changes.
  }
}

/** Where the toaster mounts once a message is on its way; renders nothing before. */
export function Toasts() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during server rendering and the first client render, true once React has hydrated. Admin
 * forms keep their submit buttons disabled until then: the forms are driven by JavaScript, and a
 * native submit before hydration would post them nowhere (or put a password in a URL).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

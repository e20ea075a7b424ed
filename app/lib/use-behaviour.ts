import { type RefObject, useEffect } from "react";

/** A behaviour attaches plain DOM listeners to the element React rendered and returns their removal. */
export type Behaviour = (root: HTMLElement) => () => void;

/**
 * Attaches a behaviour once the component is in the page. Components with a behaviour render
 * markup that never changes with state (the behaviour changes attributes and classes itself), so
 * React never rewrites what the behaviour changed. The same behaviour runs on static pages without
 * React (app/islands/entry.client.ts, decision 030).
 */
export function useBehaviour(ref: RefObject<HTMLElement | null>, behaviour: Behaviour): void {
  useEffect(() => (ref.current ? behaviour(ref.current) : undefined), [ref, behaviour]);
}

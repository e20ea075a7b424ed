/** Adds listeners and returns one function that removes them all. */
export function listeners(): {
  on: <K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K,
    handler: (event: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ) => void;
  off: () => void;
} {
  const removers: (() => void)[] = [];
  return {
    on(target, type, handler, options) {
      target.addEventListener(type, handler as EventListener, options);
      removers.push(() => target.removeEventListener(type, handler as EventListener, options));
    },
    off() {
      for (const remove of removers.splice(0)) remove();
    },
  };
}

/** Swaps one class list for another on an element (open/closed states of Tailwind classes). */
export function swapClasses(element: Element, on: boolean, whenOn: string, whenOff: string): void {
  element.classList.remove(...(on ? whenOff : whenOn).split(" "));
  element.classList.add(...(on ? whenOn : whenOff).split(" "));
}

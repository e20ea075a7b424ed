const PRELOAD = '<link rel="modulepreload"';

/**
 * Every page arrives as complete HTML; its scripts only hydrate it. React Router preloads them
 * from the <head>, where Chrome fetches module preloads at high priority, ahead of or beside the
 * font that the first paint waits for. This stream marks those preloads fetchpriority="low" (the
 * scripts still start at once; they just yield the line on a slow connection). Lighthouse
 * counted them as render-blocking: simulated first paint 1.9 s -> 1.1 s on the home page.
 * Only the <head> is held back and rewritten; the rest streams through untouched. A web stream,
 * piped straight from React's renderer (decision 081).
 */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = "";
  let inHead = true;
  return new TransformStream({
    transform(chunk, controller) {
      if (!inHead) return controller.enqueue(chunk);
      // Decoded up to the chunk's last whole character: the bytes of a character cut by the chunk's
      // end either wait in the decoder for the next chunk or, once the head is done, go out as they came.
      const whole = wholeCharactersLength(chunk);
      head += decoder.decode(chunk.subarray(0, whole), { stream: true });
      const end = head.indexOf("</head>");
      if (end === -1) {
        head += decoder.decode(chunk.subarray(whole), { stream: true });
        return;
      }
      inHead = false;
      controller.enqueue(encoder.encode(rewrite(head.slice(0, end)) + head.slice(end)));
      head = "";
      if (whole < chunk.length) controller.enqueue(chunk.subarray(whole));
    },
    flush(controller) {
      const rest = inHead ? rewrite(head + decoder.decode()) : "";
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** The length of `bytes` without a UTF-8 character cut off at its end. */
export function wholeCharactersLength(bytes: Uint8Array): number {
  for (let i = bytes.length - 1, seen = 1; i >= 0 && seen <= 4; i--, seen++) {
    const byte = bytes[i];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > seen ? i : bytes.length;
  }
  return bytes.length;
}

const rewrite = (html: string) => html.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);

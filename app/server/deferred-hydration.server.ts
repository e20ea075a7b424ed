// React Router's preload tags, and its bootstrap module (with the response's nonce on SSR pages).
const MARKER = /<link rel="modulepreload"|<script(?: nonce="[^"]*")? type="module" async="">/;
const SCRIPT_END = "</script>";
// Text that might be the start of a marker cut by a chunk boundary is held back this long (a
// nonce is 24 characters).
const HOLD = 128;
const STATIC_IMPORT = /import \* as (\w+) from "([^"]+)";/g;

/**
 * Public pages arrive as complete HTML; their scripts only hydrate it (menus, forms' toasts, the
 * copy buttons), and every link and form works before that. So their ~107 KB of JavaScript is
 * requested only once the parsed document has been painted, instead of from the <head> while the
 * page is still arriving (decision 007).
 *
 * React Router emits the hydration scripts as <link rel="modulepreload"> tags in the <head> and one
 * inline module whose static imports start the route modules at once. This stream removes the
 * preloads and rewrites that module: it waits for DOMContentLoaded and two frames, then preloads
 * the same files in parallel, imports the route modules, and runs React Router's own code
 * unchanged. The element stays where it was (hydration sees the same tags); only its text changes,
 * and prerendered pages hash their inline scripts at server start while SSR pages carry the
 * response's nonce, so the CSP holds. Text outside those tags streams through.
 *
 * Static pages (decision 030) do not come through here: React Router never starts on them, and
 * they carry only `islandsBootstrap` in place of its scripts (app/lib/page-scripts.tsx, decision 070).
 */
export function deferredHydration(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const preloads: string[] = [];
  let pending = "";
  let bootstrapSeen = false;

  /** Emits what is certainly done; keeps a possibly unfinished tag for the next chunk. */
  function drain(final: boolean): string {
    let out = "";
    for (;;) {
      const match = bootstrapSeen ? null : MARKER.exec(pending);
      if (!match) {
        const keep = final || bootstrapSeen ? 0 : Math.min(HOLD, pending.length);
        out += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        return out;
      }
      const at = match.index;
      const opening = match[0];
      const isLink = opening.startsWith("<link");
      const end = isLink ? pending.indexOf(">", at) : pending.indexOf(SCRIPT_END, at);
      if (end === -1) {
        if (final) return out + pending;
        out += pending.slice(0, at);
        pending = pending.slice(at);
        return out;
      }
      out += pending.slice(0, at);
      if (isLink) {
        const href = /\bhref="([^"]+)"/.exec(pending.slice(at, end))?.[1];
        if (href) preloads.push(href);
        pending = pending.slice(end + 1);
      } else {
        bootstrapSeen = true;
        const source = pending.slice(at + opening.length, end);
        out += opening + deferBootstrap(source, preloads) + SCRIPT_END;
        pending = pending.slice(end + SCRIPT_END.length);
      }
    }
  }

  // A web stream, piped straight from React's renderer (decision 081): no Node stream in between.
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      const out = drain(false);
      if (out) controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      pending += decoder.decode();
      const out = drain(true);
      if (out) controller.enqueue(encoder.encode(out));
    },
  });
}

/**
 * Rewrites React Router's inline bootstrap module so that it starts once the document is parsed
 * and painted, then fetches the preloaded files and the route modules in parallel and runs the
 * rest of React Router's text as it was.
 */
export function deferBootstrap(source: string, preloads: string[]): string {
  const names: string[] = [];
  const urls: string[] = [];
  const rest = source.replace(STATIC_IMPORT, (_all, name: string, url: string) => {
    names.push(name);
    urls.push(url);
    return "";
  });
  const preload =
    `for (const href of ${json(preloads)}) {` +
    'const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link);' +
    "}";
  const imports = names.length
    ? `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${json(u)})`).join(", ")}]);`
    : "";
  return WAIT + preload + imports + rest;
}

/**
 * The only script of a static page: the same wait, then the islands entry, which attaches the
 * page's behaviours and hydrates a contact form alone when it is used (decision 030).
 */
export function islandsBootstrap(islandsEntry: string): string {
  return `${WAIT}await import(${json(islandsEntry)});`;
}

const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

// Two frames after the whole document was parsed: by the second, the first (which laid out and
// painted it) has gone to the compositor, so the scripts cannot finish downloading before the
// largest paint is shown; Lighthouse's LCP counts only requests that finished before it. A
// hidden tab gets no frames and goes on at once.
const WAIT =
  "await new Promise((go) => {" +
  'const next = () => document.visibilityState === "visible" ? requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go))) : setTimeout(go);' +
  'if (document.readyState === "loading") addEventListener("DOMContentLoaded", next, { once: true }); else next();' +
  "});";

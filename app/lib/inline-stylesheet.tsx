import { createContext, useContext } from "react";

/**
 * The site's whole stylesheet (Tailwind + the Inter font faces, about 7 KB gzip), given by the
 * server (entry.server.tsx) and written into the <head> of every HTML page, so that no
 * render-blocking stylesheet request stands between the HTML and the first paint (Lighthouse:
 * render-blocking-resources). The text is never part of the browser bundle: in the browser the
 * element is hydrated from the document, and later renders hand the same text back.
 */
export const StylesheetContext = createContext<string | null>(null);

const ID = "site-css";
let fromDocument: string | undefined;

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) ?? (fromDocument ??= readFromDocument());
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

function readFromDocument(): string {
  return typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "");
}

import { useEffect, useState } from "react";
import type { Quote } from "../../../contract/store";

export type QuoteState =
  { kind: "none" } | { kind: "checking" } | { kind: "quoted"; quote: Quote } | { kind: "failed"; message: string; field?: string };

/** How long typing must pause before the coupon is checked: one request per code, not per key. */
export const QUOTE_DELAY_MS = 400;

/**
 * The live price for a typed coupon: POST /api/checkout/quote once typing pauses. A stale answer
 * never overwrites a newer one (each change aborts the request before it). A bad coupon is not an
 * error of the call: the quote says why (`coupon.reason`) and the page puts that in words.
 */
export function useQuote(productId: string, version: string, coupon: string, stateCode = ""): QuoteState {
  // The last answer, with the code and state it answers: while it is for others, the quote is "checking".
  const [answer, setAnswer] = useState<{ key: string; state: QuoteState } | null>(null);
  const code = coupon.trim();
  // With tax on, a chosen state is quoted too (its tax lines), coupon or not.
  const key = `${code}|${stateCode}`;
  useEffect(() => {
    if (!code && !stateCode) return;
    const controller = new AbortController();
    const settle = (state: QuoteState) => setAnswer({ key, state });
    const timer = setTimeout(() => {
      fetch("/api/checkout/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
        body: JSON.stringify({
          product_id: productId,
          version,
          coupon: code || undefined,
          billing: stateCode ? { state_code: stateCode } : undefined,
        }),
        signal: controller.signal,
      })
        .then(async (response) => {
          const body = (await response.json().catch(() => null)) as (Quote & { message?: string; errors?: Record<string, string> }) | null;
          if (response.ok && body) return settle({ kind: "quoted", quote: body });
          const field = body?.errors?.coupon ? "coupon" : undefined;
          settle({ kind: "failed", field, message: body?.errors?.coupon ?? body?.message ?? "The coupon could not be checked." });
        })
        .catch((error: unknown) => {
          if ((error as Error).name === "AbortError") return;
          settle({ kind: "failed", message: "The coupon could not be checked now; it is checked again when you continue." });
        });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [productId, version, code, stateCode, key]);
  if (!code && !stateCode) return { kind: "none" };
  return answer?.key === key ? answer.state : { kind: "checking" };
}

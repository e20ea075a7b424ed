import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { OrderStatus } from "../../../contract/store";

/** How often a pending receipt asks for its order, and for how long at most (the order expires at 30 min). */
export const POLL_MS = 2000;
const POLL_LIMIT_MS = 31 * 60 * 1000;

/**
 * While the order is pending, asks GET /api/checkout/orders/:id?token= every POLL_MS; when its
 * status changes, reloads the page's data (the loader has the key and the full order). Returns
 * true from the moment a change is seen until the new data has arrived ("Updating…").
 */
export function useOrderStatus(orderId: number, token: string, status: OrderStatus): boolean {
  const [changedFrom, setChangedFrom] = useState<OrderStatus | null>(null);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (status !== "pending" || !orderId) return;
    const started = Date.now();
    let controller: AbortController | undefined;
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_LIMIT_MS) return clearInterval(timer);
      controller?.abort();
      controller = new AbortController();
      fetch(`/api/checkout/orders/${orderId}?token=${encodeURIComponent(token)}`, {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      })
        .then((r) => (r.ok ? (r.json() as Promise<{ status: OrderStatus }>) : null))
        .then((body) => {
          if (!body || body.status === "pending") return;
          clearInterval(timer);
          setChangedFrom(status);
          void revalidate();
        })
        // A missed poll is retried on the next tick.
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [orderId, token, status, revalidate]);
  return changedFrom === status;
}

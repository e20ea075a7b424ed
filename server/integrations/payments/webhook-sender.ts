/** Sends one signed webhook; resolves to the HTTP status. */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<number>;

/** Posts to this server's own webhook endpoint over HTTP, as Razorpay would. */
export function httpWebhookSender(url: string): WebhookSender {
  return async (body, headers) => {
    const res = await fetch(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status;
  };
}

/**
 * Delivers in the background with retries (1, 2, 4, 8 s), like Razorpay: the sandbox's request
 * never waits for it. 2xx and 4xx end the attempts (a 4xx will not change on retry).
 */
export function backgroundDelivery(send: () => WebhookSender, onGiveUp: (reason: string) => void) {
  const inflight = new Set<Promise<void>>();
  const attempt = async (body: string, headers: Record<string, string>) => {
    for (let i = 0; i < 5; i++) {
      try {
        const status = await send()(body, headers);
        if (status < 500) return;
      } catch {
        // network error: retry
      }
      await new Promise((r) => setTimeout(r, 1000 * 2 ** i));
    }
    onGiveUp("no 2xx after 5 attempts");
  };
  return {
    deliver(body: string, headers: Record<string, string>): void {
      const p = attempt(body, headers).finally(() => inflight.delete(p));
      inflight.add(p);
    },
    /** Resolves when every delivery started so far has ended (tests, shutdown). */
    settled: async () => void (await Promise.all([...inflight])),
  };
}

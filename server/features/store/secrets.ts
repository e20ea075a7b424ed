import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";

/**
 * Secrets the store needs, from the configuration or, when not configured, generated once and kept
 * in the settings table (first writer wins, so every app instance on one database agrees).
 */
export function createStoreSecrets({ db, config }: Pick<ServiceDeps, "db" | "config">) {
  const cache = new Map<string, Promise<string>>();
  const stored = (key: string): Promise<string> => {
    let pending = cache.get(key);
    if (!pending) {
      pending = (async () => {
        const candidate = randomBytes(32).toString("base64url");
        await db.insert(settings).values({ key, value: candidate }).onConflictDoNothing({ target: settings.key });
        const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
        return rows[0].value;
      })();
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };
  return {
    /** PAYMENT_TEST_SECRET: the test provider's key secret and webhook secret. */
    paymentTestSecret: () => (config.PAYMENT_TEST_SECRET ? Promise.resolve(config.PAYMENT_TEST_SECRET) : stored("payment_test_secret")),
    /** LICENCE_SECRET: keys the licence-key hash, its encryption and the order access tokens (decision 012). */
    licenceSecret: () => (config.LICENCE_SECRET ? Promise.resolve(config.LICENCE_SECRET) : stored("licence_secret")),
  };
}

export type StoreSecrets = ReturnType<typeof createStoreSecrets>;

import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { createSecretBox } from "../../platform/secrets/secret-box";

/**
 * Secrets in mail (one-time links, sign-in codes). A mail's bodies are stored with a slot where each
 * secret goes (`secretSlot("token")`); the secrets themselves are sealed in their own column
 * (`mail_outbox.secrets`), filled in only by the sender on the way to the relay, and dropped from the
 * row once the mail is sent or has failed for good. Every admin read shows a slot as `[hidden]`, so no
 * admin can take another admin's (or a customer's) live link or code from the Outbox.
 */
export type MailSecrets = Record<string, string>;

/**
 * What Resend of a secret-carrying mail needs to issue fresh secrets (a new one-time token, the old
 * one voided): not a secret itself, e.g. `{ adminId: 7 }`. Interpreted by the mail kind's reissuer.
 */
export type SecretRef = Record<string, string | number>;

/** Issues fresh secrets for one mail kind, in the Resend transaction; throws a domain error when it may not. */
export type SecretReissuer = (tx: Db, ref: SecretRef) => Promise<MailSecrets>;

export const HIDDEN = "[hidden]";
const NAME = /^[a-z][a-z0-9_]{0,30}$/;
const SLOT = /\{\{secret:([a-z][a-z0-9_]{0,30})\}\}/g;

/** The placeholder a body carries where the secret `name` goes. Only URL- and HTML-safe characters. */
export function secretSlot(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid secret name: ${name}`);
  return `{{secret:${name}}}`;
}

/** The body as an admin may see it: every slot reads `[hidden]`. */
export const hideSecrets = (body: string): string => body.replace(SLOT, HIDDEN);

/** The body as the recipient gets it. A slot without a secret (none given) stays hidden. */
export const fillSecrets = (body: string, secrets: MailSecrets | null): string =>
  body.replace(SLOT, (_, name: string) => (secrets && Object.hasOwn(secrets, name) ? secrets[name] : HIDDEN));

type KeyConfig = Pick<Config, "ADMIN_SECRETS_KEY" | "ADMIN_SECRETS_KEY_OLD">;

/** Seals the secrets with the admin secrets key (AES-256-GCM, server/platform/secrets/secret-box.ts). */
export function sealSecrets(config: KeyConfig, secrets: MailSecrets): string {
  for (const name of Object.keys(secrets)) secretSlot(name);
  return createSecretBox(config).seal(JSON.stringify(secrets));
}

/** The secrets of a sealed column, or null when it cannot be opened (a lost key). */
export function openSecrets(config: KeyConfig, box: string): MailSecrets | null {
  try {
    const value: unknown = JSON.parse(createSecretBox(config).open(box).plaintext);
    if (!value || typeof value !== "object") return null;
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return null;
  }
}

import * as openpgp from "openpgp";
import { DAY_MS } from "../../../contract/time";
import type { Config } from "../../platform/config";
import type { OpenPgpSigner } from "./openpgp-key";

export const SECURITY_TXT_PATH = "/.well-known/security.txt";
export const OPENPGP_KEY_PATH = "/.well-known/openpgp-key.asc";
const LIFETIME_MS = 180 * DAY_MS;
// Signing costs a few milliseconds of CPU: the signed text is kept and signed again after a day, so
// Expires stays at least 179 days ahead (docs/decisions/106-security-reports.md).
const RESIGN_AFTER_MS = DAY_MS;

/** Where reports go: the site config's security contact, else its e-mail. */
export const securityContact = (site: Config["site"]) => site.security?.contact ?? site.email;

/** The fields of RFC 9116, one per line, before signing. */
export function securityTxtFields(config: Pick<Config, "site" | "publicOrigin">, servedAt: Date): string {
  const origin = config.publicOrigin;
  return [
    `Contact: mailto:${securityContact(config.site)}`,
    `Expires: ${new Date(servedAt.getTime() + LIFETIME_MS).toISOString()}`,
    `Encryption: ${origin}${OPENPGP_KEY_PATH}`,
    `Acknowledgments: ${origin}/security/thanks`,
    `Policy: ${origin}/security`,
    "Preferred-Languages: en",
    `Canonical: ${origin}${SECURITY_TXT_PATH}`,
    "",
  ].join("\n");
}

/** security.txt as an OpenPGP cleartext-signed message, kept for a day per signing key. */
export function createSecurityTxt(deps: {
  config: Pick<Config, "site" | "publicOrigin">;
  now: () => Date;
  key: () => Promise<OpenPgpSigner>;
}) {
  let kept: { at: number; fingerprint: string; text: Promise<string> } | null = null;

  async function sign(signer: OpenPgpSigner, at: Date): Promise<string> {
    const message = await openpgp.createCleartextMessage({ text: securityTxtFields(deps.config, at) });
    const signed = await openpgp.sign({ message, signingKeys: signer.privateKey });
    // openpgp.js writes the signed lines with CRLF and its armour with LF; the signature covers the
    // text with its line ends made canonical, so one kind (LF) throughout keeps it valid.
    return signed.replace(/\r\n/g, "\n");
  }

  return {
    /** The signed file; signed again once a day old or when the current key changed (a rotation). */
    async text(): Promise<string> {
      const signer = await deps.key();
      const at = deps.now();
      const fresh = kept && kept.fingerprint === signer.fingerprint && at.getTime() - kept.at < RESIGN_AFTER_MS && at.getTime() >= kept.at;
      if (!fresh) {
        const text = sign(signer, at);
        kept = { at: at.getTime(), fingerprint: signer.fingerprint, text };
        text.catch(() => {
          if (kept?.text === text) kept = null;
        });
      }
      return kept!.text;
    },
    /** The armoured public key that verifies it. */
    async publicKey(): Promise<string> {
      return (await deps.key()).publicKey;
    },
  };
}

export type SecurityTxt = ReturnType<typeof createSecurityTxt>;

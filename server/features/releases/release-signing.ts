import type { Config } from "../../platform/config";
import { InvalidInputError } from "../../platform/errors";
import type { SigningKeys } from "../../platform/secrets/signing-keys";
import {
  type Minisig,
  type MinisignPublicKey,
  buildTrustedComment,
  parseMinisig,
  parsePublicKey,
  publicKeyFile,
  signPrehashed,
  verifiesComment,
  verifiesFile,
} from "./minisign";

export type BuildFacts = { filename: string; productId: string; version: string };

const invalid = (message: string) => new InvalidInputError(message, { signature: message });

/**
 * Who signs the builds (docs/decisions/104-signed-releases.md). Embedded: the server, with its
 * release key from the signing keys store. Production (`RELEASE_PUBLIC_KEY`): the release manager,
 * off the server; an upload brings its `.minisig` and is checked here against that key.
 */
export function createReleaseSigning({
  config,
  signingKeys,
  now,
}: {
  config: Pick<Config, "RELEASE_PUBLIC_KEY">;
  signingKeys: SigningKeys;
  now: () => Date;
}) {
  const production = config.RELEASE_PUBLIC_KEY ? parsePublicKey(config.RELEASE_PUBLIC_KEY) : null;
  if (config.RELEASE_PUBLIC_KEY && !production) throw new Error("RELEASE_PUBLIC_KEY is not a minisign public key.");

  /** The key signing new builds: the configured one, or the server's current release key. */
  async function current(): Promise<MinisignPublicKey> {
    if (production) return production;
    const { keyId, publicKeyRaw } = await signingKeys.ed25519("release");
    return { keyId, publicKeyRaw };
  }

  /** Every key still trusted, the signing one first (`minisign -p` reads only the first key of a file). */
  async function trusted(): Promise<MinisignPublicKey[]> {
    const first = await current();
    const stored = (await signingKeys.trusted("release")).map((k) => ({
      keyId: k.keyId,
      publicKeyRaw: Buffer.from(k.publicKey, "base64"),
    }));
    return [first, ...stored.filter((k) => k.keyId !== first.keyId)];
  }

  /** A given `.minisig` parsed and its trusted comment checked against a trusted key; the file is checked later. */
  async function accepted(text: string, keys: MinisignPublicKey[]): Promise<{ sig: Minisig; key: MinisignPublicKey }> {
    const sig = parseMinisig(text);
    if (typeof sig === "string") throw invalid(sig);
    const key = keys.find((k) => k.keyId === sig.keyId);
    if (!key) throw invalid(`The signature was made by key ${sig.keyId}, not by the release key ${keys[0].keyId}.`);
    if (!verifiesComment(sig, key)) throw invalid("The signature's trusted comment does not verify: the .minisig was altered.");
    return { sig, key };
  }

  return {
    production: production !== null,
    current,
    trusted,

    /** minisign.pub: one public key file per trusted key, concatenated. */
    publicKeys: async () => (await trusted()).map(publicKeyFile).join(""),

    /**
     * Called when the upload's file part starts: in production the `signature` field must already
     * have arrived and be the release key's. Returns the check to run on the file's BLAKE2b-512.
     */
    async beforeFile(signature: string | undefined): Promise<(blake2b512: Buffer, facts: BuildFacts) => Promise<string>> {
      if (!production) {
        return async (digest, facts) => {
          const signer = await signingKeys.ed25519("release");
          const comment = buildTrustedComment({ ...facts, signedAtSec: Math.floor(now().getTime() / 1000) });
          return signPrehashed(signer, digest, comment);
        };
      }
      if (!signature?.trim()) {
        throw invalid("This server verifies builds: send the build's .minisig text in the `signature` field, before the `file` part.");
      }
      const { sig, key } = await accepted(signature, [production]);
      return async (digest) => {
        if (!verifiesFile(sig, key, digest)) throw invalid("The signature does not match the file received.");
        return sig.text;
      };
    },

    /** An external URL's `.minisig`: required in production, else optional (null: unsigned). */
    async external(signature: string | undefined): Promise<string | null> {
      if (!signature?.trim()) {
        if (production) throw invalid("This server verifies builds: give the build's .minisig text in `signature`.");
        return null;
      }
      return (await accepted(signature, production ? [production] : await trusted())).sig.text;
    },
  };
}

export type ReleaseSigning = ReturnType<typeof createReleaseSigning>;

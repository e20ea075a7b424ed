import type { SigningKeys } from "../../platform/secrets/signing-keys";
import { type LicenceSigner, publishedKey } from "./licence-signer";

/**
 * The licence keys a client trusts: the current one on top, and every key, retired ones included,
 * in `keys` (newest first), so an answer or file signed before a rotation still verifies.
 */
export async function licencePublicKeys({ signingKeys, licenceSigner }: { signingKeys: SigningKeys; licenceSigner: LicenceSigner }) {
  const current = publishedKey(await licenceSigner());
  const others = (await signingKeys.trusted("licence")).map(publishedKey).filter((k) => k.key_id !== current.key_id);
  return { ...current, keys: [current, ...others] };
}

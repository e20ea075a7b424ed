import { isoCBOR } from "@simplewebauthn/server/helpers";
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** What a test may spoil in one ceremony to check that the server refuses it. */
export type Tamper = {
  origin?: string;
  rpId?: string;
  type?: string;
  signWith?: KeyObject;
  challenge?: string;
  /** false: the user touched the key (UP) but was not verified (no UV: no PIN or biometrics). */
  userVerified?: boolean;
};

/**
 * A software WebAuthn authenticator for API tests: one ES256 (P-256) credential, attestation "none".
 * It answers the server's options the way @simplewebauthn/browser would hand them back.
 */
export function softAuthenticator(opts: { rpId: string; origin: string }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let signCount = 0;

  const clientData = (type: string, challenge: string, t: Tamper) =>
    Buffer.from(
      JSON.stringify({ type: t.type ?? type, challenge: t.challenge ?? challenge, origin: t.origin ?? opts.origin, crossOrigin: false }),
    );

  /** rpIdHash (32) | flags (1) | signCount (4, rising) | attested credential data when registering. */
  const authData = (rpId: string, flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };

  /** The public key as a COSE_Key map (kty EC2, alg ES256, crv P-256, x, y). */
  function coseKey(): Uint8Array {
    const jwk = publicKey.export({ format: "jwk" });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]);
    return isoCBOR.encode(key);
  }

  return {
    id,
    /** navigator.credentials.create(): answers registration options. */
    register(options: { challenge: string }, t: Tamper = {}) {
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey()]); // AAGUID of zeros
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, number> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, number>()],
          ["authData", authData(t.rpId ?? opts.rpId, UP | UV | AT, attested)],
        ]),
      );
      const response = {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, t)),
        attestationObject: b64url(attestationObject),
      };
      return { id, rawId: id, type: "public-key" as const, response, clientExtensionResults: {} };
    },
    /** navigator.credentials.get(): a signed assertion over authenticatorData || sha256(clientDataJSON). */
    assert(options: { challenge: string }, t: Tamper = {}) {
      const auth = authData(t.rpId ?? opts.rpId, t.userVerified === false ? UP : UP | UV);
      const client = clientData("webauthn.get", options.challenge, t);
      const signature = sign("sha256", Buffer.concat([auth, sha256(client)]), t.signWith ?? privateKey); // DER, as WebAuthn wants
      const response = { clientDataJSON: b64url(client), authenticatorData: b64url(auth), signature: b64url(signature) };
      return { id, rawId: id, type: "public-key" as const, response, clientExtensionResults: {} };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;

import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import { adminPasskeys, admins } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { Auth, ClientMeta, SessionAdmin } from "./auth";
import type { ServiceDeps } from "../../platform/service-deps";
import { InvalidInputError, NotFoundError, UnauthenticatedError } from "../../platform/errors";
import { consumeToken, newToken, peekToken, storeToken } from "./one-time-tokens";
import type { ConfirmIdentity, FactorProof } from "./reauth";
import type { RecoveryCodes } from "./recovery-codes";
import { enqueueSecurityNotice } from "./security-notice";
import { formatDate } from "../../../contract/time";

const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = "Admin";
const FAILED = "The passkey could not be verified.";

/** The challenge the browser signed, read from its client data (checked again by the library). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : "";
  } catch {
    return "";
  }
}

/** WebAuthn with SimpleWebAuthn: register passkeys, sign in with one alone or as the second step. */
export function createPasskeys(
  deps: ServiceDeps & { audit: Audit; auth: Auth; recoveryCodes: RecoveryCodes; confirmIdentity: ConfirmIdentity },
) {
  const { db, now, audit, auth, recoveryCodes, confirmIdentity } = deps;
  // The relying party is the site's public origin when configured, else the origin the request came to.
  const relyingParty = (requestOrigin: string) => {
    const origin = deps.config.PUBLIC_ORIGIN ? new URL(deps.config.PUBLIC_ORIGIN).origin : requestOrigin;
    return { origin, rpID: new URL(origin).hostname };
  };

  return {
    async registrationOptions(admin: SessionAdmin, requestOrigin: string) {
      const { rpID } = relyingParty(requestOrigin);
      const existing = await db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, admin.id));
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: admin.email,
        userID: new TextEncoder().encode(`admin-${admin.id}`),
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        challenge: newToken(),
      });
      // Bound to this admin and single-use: a challenge issued to one admin registers nothing for another.
      await storeToken(db, { token: options.challenge, purpose: "passkey-register", adminId: admin.id, at: now(), ttlMs: CHALLENGE_MS });
      return options;
    },

    async register(
      admin: SessionAdmin,
      input: { response: RegistrationResponseJSON; name?: string },
      requestOrigin: string,
      meta: ClientMeta,
    ) {
      const { origin, rpID } = relyingParty(requestOrigin);
      const challenge = signedChallenge(input.response.response.clientDataJSON);
      const issued = await consumeToken(db, "passkey-register", challenge, now());
      if (!issued || issued.adminId !== admin.id) throw new InvalidInputError(FAILED, { response: "Unknown, used or expired challenge." });
      const result = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const }));
      if (!result.verified) throw new InvalidInputError(FAILED, { response: "The authenticator's answer did not verify." });
      const { credential } = result.registrationInfo;
      const name = input.name?.trim() || `Passkey ${formatDate(now())}`;
      const [row] = await db
        .insert(adminPasskeys)
        .values({
          adminId: admin.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .onConflictDoNothing()
        .returning({ id: adminPasskeys.id });
      if (!row) throw new InvalidInputError("This passkey is already registered.", { response: "Already registered." });
      await audit.record({
        adminId: admin.id,
        action: "mfa.passkey_added",
        entity: "passkey",
        entityId: row.id,
        detail: { name },
        clientIp: meta.clientIp,
      });
      // The first factor comes with recovery codes, shown once.
      const codes = (await recoveryCodes.remaining(admin.id)) === 0 ? await recoveryCodes.regenerate(admin.id) : undefined;
      return { id: row.id, name, recoveryCodes: codes };
    },

    /** Needs the current password, a current code or an unused recovery code; the admin is told by mail, in the same transaction. */
    async remove(admin: SessionAdmin, id: number, proof: FactorProof, meta: ClientMeta) {
      await confirmIdentity(admin, proof, "mfa.passkey_removed", meta);
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(adminPasskeys)
          .where(and(eq(adminPasskeys.adminId, admin.id), eq(adminPasskeys.id, id)))
          .returning({ id: adminPasskeys.id, name: adminPasskeys.name });
        if (gone.length === 0) throw new NotFoundError("No such passkey.");
        await audit.record(
          { adminId: admin.id, action: "mfa.passkey_removed", entity: "passkey", entityId: id, clientIp: meta.clientIp },
          tx,
        );
        await enqueueSecurityNotice(tx, deps.config, {
          kind: "admin-factor-removed",
          to: admin.email,
          subject: "A second factor was removed from your admin account",
          what: `The passkey "${gone[0].name}" was removed`,
          clientIp: meta.clientIp,
        });
      });
    },

    /** Sign-in options: any passkey of the site, or (with the password step's token) only that admin's. */
    async loginOptions(requestOrigin: string, meta: ClientMeta, mfaToken?: string) {
      // Unauthenticated and each call stores a challenge: the same per-address limit as every login post.
      await auth.perIpLimit("", meta);
      const { rpID } = relyingParty(requestOrigin);
      const pending = mfaToken ? await peekToken(db, "mfa", mfaToken, now()) : null;
      if (mfaToken && !pending) throw new UnauthenticatedError("This sign-in has expired. Start again with your e-mail and password.");
      const allow = pending?.adminId ? await db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, pending.adminId)) : [];
      const options = await generateAuthenticationOptions({
        rpID,
        // A passkey alone must prove who holds it (PIN, biometrics); after the password, presence is enough.
        userVerification: pending ? "preferred" : "required",
        allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports })),
        challenge: newToken(),
      });
      await storeToken(db, {
        token: options.challenge,
        purpose: "passkey-login",
        adminId: pending?.adminId ?? null,
        at: now(),
        ttlMs: CHALLENGE_MS,
      });
      return options;
    },

    /** Verifies an assertion against a single-use challenge; a new session for the passkey's admin. */
    async login(response: AuthenticationResponseJSON, requestOrigin: string, meta: ClientMeta) {
      await auth.perIpLimit("", meta);
      const { origin, rpID } = relyingParty(requestOrigin);
      const challenge = signedChallenge(response.response.clientDataJSON);
      const issued = await consumeToken(db, "passkey-login", challenge, now());
      const [found] = await db
        .select({ passkey: adminPasskeys, email: admins.email, disabledAt: admins.disabledAt })
        .from(adminPasskeys)
        .innerJoin(admins, eq(admins.id, adminPasskeys.adminId))
        .where(eq(adminPasskeys.credentialId, String(response.id).slice(0, 1024)))
        .limit(1);
      const fail = async (reason: string) => {
        await audit.record({
          adminId: found?.passkey.adminId,
          action: "login.failure",
          entity: "admin",
          entityId: found?.passkey.adminId,
          detail: { method: "passkey", reason },
          clientIp: meta.clientIp,
        });
        return new UnauthenticatedError(FAILED);
      };
      if (!issued) throw await fail("challenge");
      // A challenge bound to an admin is that admin's second step: it draws on the account-wide
      // second-step cap like a code does, whatever passkey answers it (429 once locked).
      if (issued.adminId !== null) await auth.reserveSecondStep(issued.adminId, meta);
      if (!found || found.disabledAt) throw await fail("credential");
      // A challenge issued for one admin's second step cannot be answered with another admin's passkey.
      if (issued.adminId !== null && issued.adminId !== found.passkey.adminId) throw await fail("other admin");
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: found.passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(found.passkey.publicKey, "base64url")),
          counter: found.passkey.counter,
          transports: found.passkey.transports,
        },
        // A challenge bound to no admin is a passkey-only sign-in: the passkey is both factors, so the
        // authenticator must have verified the user, not only seen a touch.
        requireUserVerification: issued.adminId === null,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!result.verified || !result.authenticationInfo) throw await fail("signature");
      await db
        .update(adminPasskeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now() })
        .where(eq(adminPasskeys.id, found.passkey.id));
      const admin = { id: found.passkey.adminId, email: found.email };
      return { token: await auth.signIn(admin, meta, "passkey"), admin };
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;

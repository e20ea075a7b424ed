import { z } from "zod";
import {
  LicenceActivateRequestSchema,
  LicenceActivationSchema,
  LicenceCheckoutRequestSchema,
  LicenceDeactivatedSchema,
  LicenceDeactivateRequestSchema,
  LicencePublicKeysSchema,
  LicenceValidateRequestSchema,
  LicenceValidationSchema,
} from "../../../contract/store";
import { defineOperation } from "../../api/operation";
import { licencePublicKeys } from "./public-keys";

/** Licence checks for the company's tools. */
export const licenceOperations = [
  defineOperation({
    method: "post",
    path: "/licenses/validate",
    operationId: "validateLicence",
    tags: ["Licences"],
    summary: "Check a licence key",
    description:
      "code: VALID, NOT_FOUND, EXPIRED, REVOKED, NOT_ACTIVATED (fingerprint given but not activated) or TOO_MANY_MACHINES " +
      "(fingerprint not activated and every seat taken). Throttled per client IP.",
    body: LicenceValidateRequestSchema,
    ok: [200, LicenceValidationSchema],
    errors: [400, 413, 415, 429],
    handler: (c, { body }) => c.get("services").licences.validate(body, c.get("clientIp")),
  }),
  defineOperation({
    method: "post",
    path: "/licenses/activate",
    operationId: "activateLicence",
    tags: ["Licences"],
    summary: "Take a seat for this machine",
    description:
      "201 for a new machine, 200 when this fingerprint is already active. 409 when every seat is taken " +
      "(errors.fingerprint TOO_MANY_MACHINES, counted race-free) or the licence expired or was revoked (errors.key). 429 with Retry-After " +
      "past LICENCE_ACTIVATIONS_PER_DAY new machines of this licence in 24 hours. Signed like validate. Throttled per client IP.",
    body: LicenceActivateRequestSchema,
    ok: [201, LicenceActivationSchema],
    errors: [400, 404, 409, 413, 415, 429],
    handler: async (c, { body }) => {
      const { created, activation } = await c.get("services").licences.activate(body, c.get("clientIp"));
      // Declared status is 201; a machine already active answers 200 with the same shape.
      return created ? activation : c.json(activation, 200);
    },
  }),
  defineOperation({
    method: "post",
    path: "/licenses/deactivate",
    operationId: "deactivateLicence",
    tags: ["Licences"],
    summary: "Free this machine's seat",
    description: "404 when the key is unknown or this machine holds no seat. Signed like validate. Throttled per client IP.",
    body: LicenceDeactivateRequestSchema,
    ok: [200, LicenceDeactivatedSchema],
    errors: [400, 404, 413, 415, 429],
    handler: async (c, { body }) => ({
      status: "success" as const,
      ...(await c.get("services").licences.deactivate(body, c.get("clientIp"))),
    }),
  }),
  defineOperation({
    method: "post",
    path: "/licenses/checkout",
    operationId: "checkoutLicenceFile",
    tags: ["Licences"],
    summary: "An offline licence file for a machine",
    description:
      "Activates the fingerprint when it holds no seat (the same limits as activate: 409, 429), then answers the signed licence file " +
      "(text: -----BEGIN LICENCE FILE----- …; checked by contract/licence-file.ts). It expires at the licence's term end or after " +
      "ttl_days (default 30, at most 365), whichever is first. 403 for a revoked or expired licence. Throttled per client IP.",
    body: LicenceCheckoutRequestSchema,
    ok: [200, z.string()],
    okContentType: "text/plain",
    errors: [400, 403, 404, 409, 413, 415, 429],
    handler: async (c, { body }) => {
      const { file } = await c.get("services").licences.checkout(body, c.get("clientIp"));
      c.header("Cache-Control", "no-store");
      c.header("Content-Disposition", 'attachment; filename="licence.lic"');
      return c.text(file, 200);
    },
  }),
  defineOperation({
    method: "get",
    path: "/licenses/public-key",
    operationId: "getLicencePublicKey",
    tags: ["Licences"],
    summary: "The licence signing key",
    description:
      "The current Ed25519 key that signs licence answers and files (public_key: the raw 32 bytes, base64), and in `keys` every key " +
      "still trusted, current first: a rotated key stays listed so what it signed still verifies. The PEM of the current key is at " +
      "/.well-known/licence-signing-key.pem (?key_id= for another listed key).",
    ok: [200, LicencePublicKeysSchema],
    handler: (c) => licencePublicKeys(c.get("services")),
  }),
];

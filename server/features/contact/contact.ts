import { CampusContactSchema, ContactGeneralSchema } from "../../../contract/contact";
import { ThrottledError } from "../../platform/errors";
import { parseWith } from "../../platform/validate-input";
import { createContactWriter } from "./contact-writer";
import type { ServiceDeps } from "../../platform/service-deps";

export type ContactKind = "general" | "campus";

/** A bot ticks the hidden checkbox; people never see it. "false"/"off"/"0" from a form count as unticked. */
export function honeypotTripped(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const value = (input as Record<string, unknown>).botcheck;
  if (typeof value === "string") return !["", "false", "off", "0"].includes(value.trim().toLowerCase());
  return Boolean(value);
}

/**
 * Contact messages from the home and campus forms. Shared by POST /api/contact-general and the
 * pages' no-JS form actions, so both validate, throttle and store the same way.
 */
export function createContact(deps: ServiceDeps) {
  const writer = createContactWriter(deps);
  return {
    /**
     * Validates, throttles per client IP and stores one message; resolves only once it is stored
     * (committed together with the posts that arrived meanwhile: contact-writer.ts).
     * A tripped honeypot resolves with stored:false (the caller answers success all the same).
     * Throws InvalidInputError (with field errors) or ThrottledError.
     */
    async submit(kind: ContactKind, input: unknown, clientIp: string): Promise<{ stored: boolean }> {
      if (honeypotTripped(input)) return { stored: false };
      const fields =
        kind === "campus"
          ? parseWith(CampusContactSchema, input)
          : { ...parseWith(ContactGeneralSchema, input), orgType: null, orgName: null, otherType: null };
      const outcome = await writer.write(
        {
          source: kind,
          name: fields.name,
          email: fields.email,
          message: fields.message,
          orgType: fields.orgType,
          orgName: fields.orgName || null,
          otherType: fields.orgType === "others" ? fields.otherType || null : null,
          clientIp,
          createdAt: deps.now(),
        },
        `contact-ip:${clientIp}`,
      );
      if (!outcome.stored) {
        throw new ThrottledError("Too many messages from your address. Please wait a minute and try again.", outcome.retryAfterSeconds);
      }
      return { stored: true };
    },
  };
}

export type Contact = ReturnType<typeof createContact>;

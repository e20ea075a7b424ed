import { createHash } from "node:crypto";

/** What is stored of a bearer secret (session, one-time token, recovery code): its SHA-256, never the secret. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

import { z } from "zod";

// Names that never reach a public host: RFC 6761's localhost, invalid and test, mDNS's local,
// RFC 8375's home.arpa, and internal (reserved for private use).
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "invalid", "test", "home.arpa"];

/**
 * Why `value` is not an https URL on a public host name, or null when it is. A build's URL is handed
 * to buyers' download clients (and fetched by no one here), so it must not point at their machine or
 * network: no IP literal (v4 or v6, in any spelling the URL parser normalises, e.g. 2130706433), no
 * localhost or other private-use name, no single-label name (resolved on the buyer's own network).
 */
export function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Give a full https:// URL.";
  }
  if (url.protocol !== "https:") return "The URL must start with https://.";
  if (url.username || url.password) return "Leave the user name and password out of the URL.";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return "Use a host name, not an IP address.";
  if (PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return "Use a public host name, not a local one.";
  if (!host.includes(".")) return "Use a full public host name (with a dot), e.g. downloads.example.com.";
  return null;
}

/** An https URL on a public host name (publicUrlProblem says what is wrong, on the field). */
export const PublicHttpsUrlSchema = z
  .string("Give a full https:// URL.")
  .trim()
  .max(2000, "At most 2000 characters.")
  .superRefine((value, ctx) => {
    const problem = publicUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

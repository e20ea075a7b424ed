/**
 * A licence as the licence calls read it, with the asking machine's seat (one row of `licenceLookup`,
 * a raw statement: bigint ids come as text, float8 and int as numbers on both drivers).
 */
export type LicenceRow = {
  id: string;
  order_id: string;
  /** Whole milliseconds since the epoch (float8; a number parses far faster than timestamp text). */
  expires_ms: number;
  revoked: boolean;
  machine_limit: number;
  product_id: string;
  version: string;
  machines: number;
  activated: boolean;
  machine_id: string | null;
  activated_at: string | null;
  /** This fingerprint's seat's last-seen time in epoch milliseconds, null when never seen or no seat. */
  last_seen_ms: number | null;
};

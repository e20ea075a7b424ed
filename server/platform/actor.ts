/** Who makes an admin change: the signed-in admin and their address, written into the change's audit row. */
export type Actor = { adminId: number; clientIp: string };

/** The signed-in admin a session names. */
export type SessionAdmin = { id: number; email: string };

/** Where a sign-in comes from: kept with the session (the Account screen's device list) and in the audit log. */
export type ClientMeta = { clientIp: string; userAgent?: string | null };

/** Who makes an admin change: the signed-in admin and their address, written into the change's audit row. */
export type Actor = { adminId: number; clientIp: string };

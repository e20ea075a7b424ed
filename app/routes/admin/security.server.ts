import type { AppLoadContext } from "react-router";
import { requireAdminPage } from "./session.server";

export type SecurityKey = { keyId: string; algorithm: string; createdAt: string; retiredAt: string | null };

/**
 * The keys the server signs with, current first: their public facts only (id, algorithm, dates).
 * The licence key is made here if no answer has made it yet, as at its first use.
 */
export async function loadSecurity(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const { signingKeys, licenceSigner } = context.services;
  await licenceSigner();
  const facts = async (purpose: "licence" | "release"): Promise<SecurityKey[]> =>
    (await signingKeys.trusted(purpose)).map((k) => ({
      keyId: k.keyId,
      algorithm: k.algorithm,
      createdAt: k.createdAt.toISOString(),
      retiredAt: k.retiredAt ? k.retiredAt.toISOString() : null,
    }));
  return { licence: await facts("licence"), release: await facts("release") };
}

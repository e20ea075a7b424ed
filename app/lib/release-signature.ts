/** Where a published build's minisign signature is served (server/features/releases/files.routes.ts). */
export const minisigPath = (productId: string, build: { release_version: string; filename: string }) =>
  `/releases/${encodeURIComponent(productId)}/${encodeURIComponent(build.release_version)}/${encodeURIComponent(build.filename)}.minisig`;

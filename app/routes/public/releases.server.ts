import { type AppLoadContext, data } from "react-router";
import { ProductIdSchema } from "../../../contract/products";
import type { ProductReleases } from "../../../server/features/catalogue";
import { publicKeyLine } from "../../../server/features/releases";
import { domainErrorKind } from "../../../server/platform/errors";
import { productPage } from "../../components/store/product-links";

/**
 * A product's public releases, or null (answered 404) for a product with no published release:
 * unknown, or with drafts only. Both answer alike, with or without a page on the site, so the
 * release notes never tell that a product or its drafts exist before one is published.
 */
export async function findReleases(productId: string, context: AppLoadContext): Promise<ProductReleases | null> {
  if (!ProductIdSchema.safeParse(productId).success) return null;
  try {
    return await context.services.releases.ofProduct(productId);
  } catch (error) {
    if (domainErrorKind(error) === "not_found") return null;
    throw error;
  }
}

/**
 * The page's data: the releases, each version's published builds (their signatures are linked) and
 * the release key customers check them with.
 */
export async function loadReleases(productId: string, context: AppLoadContext) {
  const found = await findReleases(productId, context);
  // A product with its own page on the site (its menu and buy box link here) gets a way back to it.
  if (!found) return data({ found, productPage: productPage(productId) ?? null, builds: {}, releaseKey: null, fixes: {} }, { status: 404 });
  const byVersion = await context.services.downloads.buildsByVersion(productId);
  const key = await context.services.releaseSigning.current();
  const releaseKey = { keyId: key.keyId, line: publicKeyLine(key) };
  // The published advisories each version (or patch) fixes: the notes link them.
  const fixes = Object.fromEntries(await context.services.advisories.fixedBy(productId));
  return data({ found, productPage: null, builds: Object.fromEntries(byVersion), releaseKey, fixes }, { status: 200 });
}

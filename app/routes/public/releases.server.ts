import { type AppLoadContext, data } from "react-router";
import { ProductIdSchema } from "../../../contract/products";
import type { ProductReleases } from "../../../server/features/catalogue";
import { publicKeyLine } from "../../../server/features/releases";
import { domainErrorKind } from "../../../server/platform/errors";
import { productPage } from "../../components/store/product-links";

/**
 * A product's public releases, or null for a product the site does not know (answered 404). A
 * product with a page (product-links.ts) but nothing in the catalogue yet has an empty list, so
 * the link from its page never leads to a 404.
 */
export async function findReleases(productId: string, context: AppLoadContext): Promise<ProductReleases | null> {
  if (!ProductIdSchema.safeParse(productId).success) return null;
  try {
    return await context.services.releases.ofProduct(productId);
  } catch (error) {
    if (domainErrorKind(error) === "not_found") return productPage(productId) ? { product: { id: productId, name: productId }, releases: [] } : null;
    throw error;
  }
}

/**
 * The page's data: the releases, each version's published builds (their signatures are linked) and
 * the release key customers check them with.
 */
export async function loadReleases(productId: string, context: AppLoadContext) {
  const found = await findReleases(productId, context);
  if (!found) return data({ found, builds: {}, releaseKey: null, fixes: {} }, { status: 404 });
  const byVersion = await context.services.downloads.buildsByVersion(productId);
  const key = await context.services.releaseSigning.current();
  const releaseKey = { keyId: key.keyId, line: publicKeyLine(key) };
  // The published advisories each version (or patch) fixes: the notes link them.
  const fixes = Object.fromEntries(await context.services.advisories.fixedBy(productId));
  return data({ found, builds: Object.fromEntries(byVersion), releaseKey, fixes }, { status: 200 });
}

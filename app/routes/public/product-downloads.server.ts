import { type AppLoadContext, redirect } from "react-router";
import { formAction } from "../../lib/form-action.server";

const ID = /^[1-9][0-9]{0,9}$/;
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A product page's builds (the newest published release's, per platform and architecture: the same
 * list the receipt and the account show) and the version that is sold, with its licence term.
 */
export async function loadProductBuilds(productId: string, context: AppLoadContext) {
  const [offered, sale] = await Promise.all([
    context.services.downloads.productBuilds(productId),
    context.services.store.catalogue.forProduct(productId),
  ]);
  return { ...offered, sale: sale ? { version: sale.version, licence_term_months: sale.licence_term_months } : null };
}

/**
 * A product page's Download button (a free build): a plain form post answered with a 303 to a fresh
 * 5-minute /dl link, so the page never carries a link that expires while it is open. A paid build
 * is refused by the same rules as POST /api/downloads (no key: 401).
 */
export async function downloadFromProductPage(request: Request, context: AppLoadContext) {
  const raw = (await request.formData()).get("artifact");
  const artifactId = typeof raw === "string" && ID.test(raw) ? Number(raw) : 0;
  return formAction(
    undefined,
    async () => {
      const link = await context.services.downloads.issue({ artifact_id: artifactId }, context.clientIp);
      throw redirect(link.url, { status: 303, headers: NO_STORE });
    },
    { headers: NO_STORE },
  );
}

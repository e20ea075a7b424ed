import type { AppLoadContext } from "react-router";
import { SECURITY_REPORT_RECEIVED } from "../../../server/features/security";
import { formAction } from "../../lib/form-action.server";

/** The policy's scope (the catalogue by name) and where encrypted mail goes. */
export async function loadSecurityPage(context: AppLoadContext) {
  const site = context.config.site;
  return { products: await context.services.securityReports.products(), contact: site.security?.contact ?? site.email };
}

/**
 * The report form as a plain post (it works without JavaScript): the same service as
 * POST /api/security/reports, so it validates, throttles and stores alike. A refused form comes back
 * with what was typed, except a honeypot tick.
 */
export async function submitSecurityReport(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  if (!values.botcheck) delete values.botcheck;
  const { botcheck: _bot, ...typed } = values;
  return formAction<Record<string, string>>(
    undefined,
    async () => {
      await context.services.securityReports.submit(values, context.clientIp);
      return { message: SECURITY_REPORT_RECEIVED };
    },
    {
      // A one-line field cannot hold a line break (HTML drops it from a value): it comes back as a space.
      refused: () => ({ value: Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, k === "details" ? v : v.replace(/[\r\n]+/g, " ")])) }),
    },
  );
}

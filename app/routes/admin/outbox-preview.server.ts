import type { AppLoadContext } from "react-router";
import { domainErrorKind } from "../../../server/platform/errors";
import type { OutboxPreviewResult } from "../../components/admin/outbox-item";
import { requireAdminPage } from "./session.server";

const NO_SUCH_MAIL = "There is no such mail.";

/** One outbox mail's preview for a signed-in admin: the same service call as GET /api/admin/outbox/:id. */
export async function loadOutboxPreview(
  request: Request,
  rawId: string | undefined,
  context: AppLoadContext,
): Promise<OutboxPreviewResult> {
  // Signed out: log in and come back to the Outbox screen, not to this data-only route.
  await requireAdminPage(request, context, { loginNext: "/dashboard/outbox" });
  // Digits only, within a bigserial's safe range (the API's id rule); anything else names no mail.
  const id = /^[1-9]\d{0,15}$/.test(rawId ?? "") ? Number(rawId) : 0;
  if (!Number.isSafeInteger(id) || id < 1) return { error: NO_SUCH_MAIL };
  try {
    return { preview: await context.services.outbox.preview(id) };
  } catch (error) {
    if (domainErrorKind(error) === "not_found") return { error: NO_SUCH_MAIL };
    throw error;
  }
}

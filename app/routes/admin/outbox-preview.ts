import { data } from "react-router";
import type { Route } from "./+types/outbox-preview";
import { loadOutboxPreview } from "./outbox-preview.server";

// Per-admin data, as every admin page: never cached, never indexed (the layout's headers, which a
// route outside the layout does not get).
const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

// A resource route (data only): the Outbox item loads a mail's preview through a fetcher when it is
// opened (decision 017: reads go through loaders). It guards itself, as every admin loader does.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return data(await loadOutboxPreview(request, params.id, context), { headers: NO_STORE });
}

export const headers = () => NO_STORE;

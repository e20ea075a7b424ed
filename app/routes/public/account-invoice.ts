import type { Route } from "./+types/account-invoice";
import { invoicePage } from "./account-invoice.server";

export const loader = ({ params, request, context }: Route.LoaderArgs) => invoicePage(params.number, "html", request, context);

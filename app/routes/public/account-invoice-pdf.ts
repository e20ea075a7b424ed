import type { Route } from "./+types/account-invoice-pdf";
import { invoicePage } from "./account-invoice.server";

export const loader = ({ params, request, context }: Route.LoaderArgs) => invoicePage(params.number, "pdf", request, context);

import { DashboardQuerySchema, DashboardSchema } from "../../../contract/dashboard";
import { defineOperation } from "../../api/operation";

export const dashboardOperations = [
  defineOperation({
    method: "get",
    path: "/oni/dashboard",
    operationId: "getDashboard",
    tags: ["Dashboard"],
    summary: "Order and user overview",
    description:
      "Totals and the daily series of the admin overview, read from maintained summaries: days=7|10|30|90 (10 by default), " +
      "with the revenue paid in the range (rupees) and per day.",
    admin: true,
    query: DashboardQuerySchema,
    ok: [200, DashboardSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").dashboard.overview(query.days),
  }),
];

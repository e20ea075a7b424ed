import { DashboardSchema } from "../../contract/dashboard";
import { defineOperation } from "./operation";

export const dashboardOperations = [
  defineOperation({
    method: "get",
    path: "/oni/dashboard",
    operationId: "getDashboard",
    tags: ["Dashboard"],
    summary: "Order and user overview",
    description: "Totals and the daily series of the admin overview, read from maintained summaries.",
    admin: true,
    ok: [200, DashboardSchema],
    handler: (c) => c.get("services").dashboard.overview(),
  }),
];

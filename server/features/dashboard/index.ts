// The dashboard area's door: what other areas and the app may use.
export { createDashboard } from "./dashboard";
export { dashboardOperations } from "./routes";

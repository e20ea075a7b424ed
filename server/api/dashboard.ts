import { Hono } from "hono";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function dashboardRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.get("/oni/dashboard", requireAdmin, async (c) => c.json(await c.get("services").dashboard.overview()));
  return routes;
}

import { Hono } from "hono";
import type { AppEnv } from "../app";
import { authRoutes } from "./auth";
import { contactRoutes, messageRoutes } from "./contact";
import { couponRoutes } from "./coupons";
import { dashboardRoutes } from "./dashboard";
import { openApiRoutes } from "./openapi";
import { patchRoutes } from "./patches";
import { productRoutes } from "./products";
import { questRoutes } from "./quests";

/** Every /api route. Each resource lives in its own module under server/api/. */
export function apiRouter() {
  const api = new Hono<AppEnv>();
  api.route("/", authRoutes());
  api.route("/", contactRoutes());
  api.route("/", messageRoutes());
  api.route("/", dashboardRoutes());
  api.route("/", productRoutes());
  api.route("/", couponRoutes());
  api.route("/", patchRoutes());
  api.route("/", questRoutes());
  api.route("/", openApiRoutes());
  return api;
}

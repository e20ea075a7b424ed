import { Hono } from "hono";
import type { AppEnv } from "../app";
import { authRoutes } from "./auth";

/** Every /api route. Each resource lives in its own module under server/api/. */
export function apiRouter() {
  const api = new Hono<AppEnv>();
  api.route("/", authRoutes());
  return api;
}

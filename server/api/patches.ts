import { Hono } from "hono";
import { PatchCreateSchema } from "../../contract/patches";
import { readBody } from "../http/validate";
import { actorOf } from "./actor";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function patchRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.post("/products/version/patch/create", requireAdmin, async (c) => {
    const input = await readBody(c, PatchCreateSchema);
    const created = await c.get("services").patches.create(input, actorOf(c));
    return c.json({ status: "success", message: `Patch ${input.patchVersion} of ${created.product_id} ${created.version} created.` }, 201);
  });
  routes.get("/products/version/patches", requireAdmin, async (c) =>
    c.json({ status: "success", patches: await c.get("services").patches.list() }),
  );
  return routes;
}

import { Hono } from "hono";
import { PRODUCT_MESSAGES, PRODUCT_VERSION_JSON_FIELDS, ProductVersionInputSchema } from "../../contract/products";
import { readBody } from "../http/validate";
import { actorOf } from "./actor";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function productRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.post("/oni/add/product/version", requireAdmin, async (c) => {
    const input = await readBody(c, ProductVersionInputSchema, { form: { jsonFields: PRODUCT_VERSION_JSON_FIELDS } });
    await c.get("services").products.addVersion(input, actorOf(c));
    return c.json({ status: "success", message: PRODUCT_MESSAGES.success }, 201);
  });
  // The original client POSTs these reads with no body; GET is offered too.
  routes.on(["GET", "POST"], "/products/informations", requireAdmin, async (c) => c.json(await c.get("services").products.informations()));
  routes.on(["GET", "POST"], "/products/version/details", requireAdmin, async (c) =>
    c.json(await c.get("services").products.versionDetails()),
  );
  return routes;
}

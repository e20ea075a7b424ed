import { Hono } from "hono";
import { z } from "zod";
import { CONTACT_MESSAGES, isCampusInput, MessageListQuerySchema, MessageStatusUpdateSchema } from "../../contract/contact";
import type { AppEnv } from "../app";
import { notFound } from "../http/errors";
import { parseWith, readBody } from "../http/validate";
import { actorOf } from "./actor";
import { type AdminEnv, requireAdmin } from "./require-admin";

const IdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

export function contactRoutes() {
  const routes = new Hono<AppEnv>();
  // Either form; the service validates (it is shared with the pages' no-JS form actions).
  routes.post("/contact-general", async (c) => {
    const raw = await readBody(c, z.unknown(), { form: { jsonFields: [] } });
    const campus = isCampusInput(raw);
    await c.get("services").contact.submit(campus ? "campus" : "general", raw, c.get("clientIp"));
    return c.json({ status: "success", message: campus ? CONTACT_MESSAGES.campusSuccess : CONTACT_MESSAGES.generalSuccess }, 201);
  });
  return routes;
}

export function messageRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.get("/admin/messages", requireAdmin, async (c) => {
    const query = parseWith(MessageListQuerySchema, c.req.query());
    return c.json(await c.get("services").messages.list(query));
  });
  routes.patch("/admin/messages/:id", requireAdmin, async (c) => {
    const id = IdSchema.safeParse(c.req.param("id"));
    if (!id.success) throw notFound("There is no such message.");
    const { status } = await readBody(c, MessageStatusUpdateSchema);
    const updated = await c.get("services").messages.setStatus(id.data, status, actorOf(c));
    return c.json({ status: "success", message: `Message marked ${status}.`, contactMessage: updated });
  });
  return routes;
}

import { Hono } from "hono";
import { QuestCreateSchema } from "../../contract/quests";
import { readBody } from "../http/validate";
import { actorOf } from "./actor";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function questRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.post("/devquests", requireAdmin, async (c) => {
    const quest = await c.get("services").quests.create(await readBody(c, QuestCreateSchema), actorOf(c));
    return c.json({ status: "success", quest }, 201);
  });
  // Public: the quest list is shown to visitors.
  routes.get("/devquests", async (c) => c.json({ status: "success", quests: await c.get("services").quests.list() }));
  return routes;
}

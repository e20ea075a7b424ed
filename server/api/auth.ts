import { Hono } from "hono";
import { LoginSchema } from "../../contract/auth";
import { clearSessionCookie, setSessionCookie } from "../http/session-cookie";
import { readBody } from "../http/validate";
import { type AdminEnv, requireAdmin } from "./require-admin";

export function authRoutes() {
  const routes = new Hono<AdminEnv>();

  routes.post("/admin/login", async (c) => {
    const { email, password } = await readBody(c, LoginSchema);
    const { token } = await c.get("services").auth.login(email, password, c.get("clientIp"));
    setSessionCookie(c, token, c.get("https"));
    return c.json({ status: "success", auth_token: token, message: "Login successful!" });
  });

  routes.get("/check/auth/admin", requireAdmin, (c) => c.json({ status: "success", admin: { email: c.get("admin").email } }));

  routes.post("/admin/logout", requireAdmin, async (c) => {
    await c.get("services").auth.logout(c.get("sessionToken"), c.get("admin").id, c.get("clientIp"));
    clearSessionCookie(c, c.get("https"));
    return c.json({ status: "success", message: "Logged out." });
  });

  return routes;
}

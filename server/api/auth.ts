import { AuthCheckResponseSchema, LoginResponseSchema, LoginSchema } from "../../contract/auth";
import { SuccessMessageSchema } from "../../contract/common";
import { clearSessionCookie, setSessionCookie } from "../http/session-cookie";
import { defineOperation } from "./operation";

export const authOperations = [
  defineOperation({
    method: "post",
    path: "/admin/login",
    operationId: "adminLogin",
    tags: ["Auth"],
    summary: "Log in as an administrator",
    description:
      "Checks the e-mail and password (argon2id), starts a session and sets it as an HttpOnly cookie; the token is in the answer too, " +
      "for API clients. Throttled per client address and per account.",
    body: LoginSchema,
    ok: [200, LoginResponseSchema],
    errors: [400, 401, 415, 429],
    handler: async (c, { body }) => {
      const { token } = await c.get("services").auth.login(body.email, body.password, c.get("clientIp"));
      setSessionCookie(c, token, c.get("https"));
      return { status: "success", auth_token: token, message: "Login successful!" };
    },
  }),
  defineOperation({
    method: "get",
    path: "/check/auth/admin",
    operationId: "checkAdminSession",
    tags: ["Auth"],
    summary: "Check the admin session",
    description: "Answers the signed-in admin's e-mail, or 401 when the session is missing or has expired.",
    admin: true,
    ok: [200, AuthCheckResponseSchema],
    handler: (c) => ({ status: "success", admin: { email: c.get("admin").email } }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/logout",
    operationId: "adminLogout",
    tags: ["Auth"],
    summary: "Log out (revokes the session)",
    description: "Revokes the session used for this call and clears the session cookie.",
    admin: true,
    ok: [200, SuccessMessageSchema],
    handler: async (c) => {
      await c.get("services").auth.logout(c.get("sessionToken"), c.get("admin").id, c.get("clientIp"));
      clearSessionCookie(c, c.get("https"));
      return { status: "success", message: "Logged out." };
    },
  }),
];

import { SuccessMessageSchema } from "../../../contract/common";
import {
  AcceptInvitationSchema,
  AdminListSchema,
  ForgotPasswordSchema,
  IntIdParamSchema,
  InvitedSchema,
  InviteSchema,
  ResetPasswordSchema,
} from "../../../contract/identity";
import { clientMeta } from "../../api/client-meta";
import { defineOperation } from "../../api/operation";

/** Other admins (list, invite, disable) and the signed-out flows: invitation and forgotten password. */
export const adminOperations = [
  defineOperation({
    method: "get",
    path: "/admin/admins",
    operationId: "listAdmins",
    tags: ["Admins"],
    summary: "All admins with their status",
    description: "Each admin's e-mail, status (active, invited, disabled), last login and whether a second factor is on.",
    admin: true,
    ok: [200, AdminListSchema],
    handler: async (c) => ({ status: "success" as const, admins: await c.get("services").adminDirectory.list() }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/admins",
    operationId: "inviteAdmin",
    tags: ["Admins"],
    summary: "Invite an admin by e-mail",
    description:
      "Mails a single-use link valid 48 hours (written to the outbox in the same transaction); inviting again voids the older link.",
    admin: true,
    body: InviteSchema,
    ok: [201, InvitedSchema],
    errors: [400, 409, 415],
    handler: async (c, { body }) => {
      const { id } = await c.get("services").adminDirectory.invite(c.get("admin"), body.email, clientMeta(c));
      return { status: "success" as const, message: `Invitation sent to ${body.email}.`, id };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/admins/{id}/disable",
    operationId: "disableAdmin",
    tags: ["Admins"],
    summary: "Disable an admin",
    description: "The admin's sessions end at once and it cannot log in. The last active admin cannot be disabled (409).",
    admin: true,
    params: IntIdParamSchema,
    ok: [200, SuccessMessageSchema],
    errors: [404, 409],
    handler: async (c, { params }) => {
      await c.get("services").adminDirectory.disable(c.get("admin"), params.id, clientMeta(c));
      return { status: "success" as const, message: "The admin was disabled and signed out." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/admins/{id}/enable",
    operationId: "enableAdmin",
    tags: ["Admins"],
    summary: "Enable a disabled admin",
    description: "The admin may log in again with its password and second factors; 409 when it is not disabled.",
    admin: true,
    params: IntIdParamSchema,
    ok: [200, SuccessMessageSchema],
    errors: [404, 409],
    handler: async (c, { params }) => {
      await c.get("services").adminDirectory.enable(c.get("admin"), params.id, clientMeta(c));
      return { status: "success" as const, message: "The admin was enabled and may log in again." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/invitations/accept",
    operationId: "acceptAdminInvitation",
    tags: ["Admins"],
    summary: "Accept an invitation with a password",
    description: "The token from the invitation link (single-use, 48 hours) and the new admin's password.",
    body: AcceptInvitationSchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 415],
    handler: async (c, { body }) => {
      const { email } = await c.get("services").adminDirectory.acceptInvitation(body.token, body.password, clientMeta(c));
      return { status: "success" as const, message: `Welcome. Log in as ${email}.` };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/password/forgot",
    operationId: "forgotAdminPassword",
    tags: ["Admins"],
    summary: "Ask for a password reset link",
    description:
      "202 whatever the e-mail, in the same time (the lookup and the mail are written after the answer). The link works once, for 30 minutes.",
    body: ForgotPasswordSchema,
    ok: [202, SuccessMessageSchema],
    errors: [400, 415, 429],
    handler: async (c, { body }) => {
      await c.get("services").passwordReset.forgot(body.email, clientMeta(c));
      return {
        status: "success" as const,
        message: "If that e-mail belongs to an admin, a reset link is on its way. It works for 30 minutes.",
      };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/password/reset",
    operationId: "resetAdminPassword",
    tags: ["Admins"],
    summary: "Set a new password from a reset link",
    description: "The token from the mailed link (single-use, 30 minutes) and the new password; every session of the admin ends.",
    body: ResetPasswordSchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 415],
    handler: async (c, { body }) => {
      await c.get("services").passwordReset.reset(body.token, body.password, clientMeta(c));
      return {
        status: "success" as const,
        message: "Your password was changed and every session signed out. Log in with the new password.",
      };
    },
  }),
];

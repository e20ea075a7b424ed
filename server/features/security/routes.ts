import { SecurityReportCreatedSchema, SecurityReportSchema } from "../../../contract/security";
import { defineOperation } from "../../api/operation";

export const SECURITY_REPORT_RECEIVED = "Thank you. Your report is in: we have mailed you a link to follow it.";

export const securityOperations = [
  defineOperation({
    method: "post",
    path: "/security/reports",
    operationId: "sendSecurityReport",
    tags: ["Security"],
    summary: "Report a vulnerability",
    description:
      "Stores a private security report and mails the security contact and the reporter (the reporter's mail links to the " +
      "report's status). Throttled per client address like the contact form; a ticked honeypot `botcheck` answers 201 and stores nothing.",
    body: SecurityReportSchema,
    // The service validates (it is shared with the /security page's no-JS form action).
    bodyValidatedByService: true,
    form: { jsonFields: [] },
    ok: [201, SecurityReportCreatedSchema],
    errors: [400, 413, 415, 429],
    handler: async (c, { body }) => {
      await c.get("services").securityReports.submit(body, c.get("clientIp"));
      return { status: "success" as const, message: SECURITY_REPORT_RECEIVED };
    },
  }),
];

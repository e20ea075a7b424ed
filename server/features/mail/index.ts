// The mail area's door: what other areas and the app may use.
export { renderContactNotification } from "./contact-notification";
export { escapeHtml, escapeMultiline, htmlMail, mailContext, textMail } from "./layout";
export { type SecretReissuer, secretSlot } from "./mail-secrets";
export { startMailSender } from "./mail-sender";
export { enqueueMail, messageIdDomain, type OutboxConfig, type OutboxMail } from "./outbox";
export { createOutboxAdmin } from "./outbox-admin";
export { createTestMail } from "./test-mail";
export { outboxOperations } from "./routes";

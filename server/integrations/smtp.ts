import nodemailer from "nodemailer";

/** One mail as handed to the relay; every header value here is already checked for line breaks. */
export type SmtpMail = {
  from: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
};

export type SmtpFailure = { permanent: boolean; summary: string };

/** Timeouts bound how long one send can hold a claimed row (see the lease in mail-sender.ts). */
export const SMTP_TIMEOUT_MS = 20_000;

/**
 * nodemailer over SMTP_URL (`smtp://user:pass@host:port` or `smtps://`), one pooled connection: the
 * sender sends one mail at a time so that a crash can repeat at most the one mail in flight.
 */
export function createSmtpTransport(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS / 2,
    greetingTimeout: SMTP_TIMEOUT_MS / 2,
    socketTimeout: SMTP_TIMEOUT_MS,
    // nodemailer's own logger prints addresses and bodies; ours logs ids only.
    logger: false,
    debug: false,
  });
  return {
    async send(mail: SmtpMail): Promise<void> {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        // Nothing remote in our mails; say so to clients that would otherwise fetch.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transport.close(),
  };
}

export type SmtpTransport = ReturnType<typeof createSmtpTransport>;

/**
 * Sorts a failed send: an SMTP 5xx answer is permanent (the relay refused this mail; sending it
 * again gives the same answer); a 4xx answer, a refused or dropped connection, a timeout are
 * transient. The summary keeps the code and the relay's first words, never the mail itself.
 */
export function classifySmtpError(err: unknown): SmtpFailure {
  const e = err as { responseCode?: number; code?: string; response?: string; message?: string };
  const code = typeof e?.responseCode === "number" ? e.responseCode : undefined;
  const permanent = code !== undefined && code >= 500 && code < 600;
  const words = (e?.response ?? e?.message ?? String(err))
    .replace(/[\r\n]+/g, " ")
    // A relay's answer can quote a recipient; the admin sees the row's addresses anyway, logs must not.
    .replace(/<?[^\s<>@]+@[^\s<>]+>?/g, "<address>")
    .slice(0, 200);
  return { permanent, summary: [code, e?.code, words].filter((p) => p !== undefined && p !== "").join(" ") };
}

import { escapeHtml, escapeMultiline, htmlMail, textMail, type MailContext } from "./layout";

export type ContactNotice = {
  source: "general" | "campus";
  name: string;
  email: string;
  message: string;
  orgType: string | null;
  orgName: string | null;
  otherType: string | null;
};

/**
 * The parts of a contact notification, each split where the stored message's id goes: the contact
 * group commit (contact-writer.ts) renders these before its statement and the database joins them
 * around the id it assigns, so the mail links to the message in the admin.
 */
export type SplitMail = { subject: string; html: [string, string]; text: [string, string] };

const ID_MARK = "\u0000id\u0000";

export function renderContactNotification(msg: ContactNotice, ctx: MailContext): SplitMail {
  const campus = msg.source === "campus";
  const title = campus ? "New CAMPUS demo request" : "New contact message";
  // Name only in the subject (CR/LF refused at validation and by enqueue); cut so a long one stays readable.
  const subject = `${title} from ${msg.name.slice(0, 80)}`;
  const fields: [string, string][] = [
    ["Name", msg.name],
    ["E-mail", msg.email],
  ];
  if (campus) {
    fields.push(["Organisation type", msg.orgType ?? ""]);
    if (msg.otherType) fields.push(["Type (other)", msg.otherType]);
    fields.push(["Organisation", msg.orgName || "(not given)"]);
  }
  const link = `${ctx.origin}/dashboard/messages#message-${ID_MARK}`;
  const rows = fields
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${k}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join("");
  const bodyHtml = `<table role="presentation" cellpadding="0" cellspacing="0" style="margin-bottom:16px">${rows}</table>
<div style="padding:12px 16px;background:#f9fafb;border-left:4px solid #2563eb;white-space:normal">${escapeMultiline(msg.message)}</div>
<p style="margin:16px 0 0">Reply to this mail to answer ${escapeHtml(msg.name)} directly.</p>
<p style="margin:16px 0 0"><a href="${escapeHtml(link).replace(escapeHtml(ID_MARK), ID_MARK)}" style="color:#2563eb">Open the message in the admin</a></p>`;
  const bodyText = `${fields.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${msg.message}\n\nReply to this mail to answer ${msg.name} directly.\nOpen the message in the admin: ${link}`;
  return { subject, html: splitAtMark(htmlMail(ctx, title, bodyHtml)), text: splitAtMark(textMail(ctx, title, bodyText)) };
}

// The link comes after everything the visitor typed, so the last mark is ours whatever they typed.
function splitAtMark(doc: string): [string, string] {
  const at = doc.lastIndexOf(ID_MARK);
  return [doc.slice(0, at), doc.slice(at + ID_MARK.length)];
}

/** Joins split parts around `id` (what the database does in the group commit). */
export function joinWithId(parts: [string, string], id: number | string): string {
  return `${parts[0]}${id}${parts[1]}`;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface CodeMailInput {
  firstName: string;
  code: string;
  link: string;
}

/** The brand colour of every mail. */
export const brand = '#4f46e5';

/** Escapes text for an HTML element or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

interface Layout {
  title: string;
  greeting: string;
  intro: string;
  /** A code shown large; omitted for mails that carry only a link. */
  code?: string;
  buttonLabel: string;
  link: string;
  footer: string;
}

/**
 * The one page every mail's HTML is laid out in: the brand line, then `body` (HTML the caller built, its
 * text escaped) in a white card `width` pixels wide at most.
 */
export function mailPage(title: string, body: string, width = 480): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<div style="max-width:${width}px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${brand};">Admit</p>
${body}
</div>
</body>
</html>`;
}

/** A paragraph of a mail's body (`text` is escaped). */
export const mailParagraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(text)}</p>`;

/** A mail's call to action: a button-like link. */
export const mailButton = (label: string, link: string) =>
  `<p style="margin:24px 0;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(label)}</a></p>`;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as a mail about an event says it, in the event's time zone (one formatter per zone is kept: they are costly). */
export function inEventTime(at: Date | string, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone });
    dateFormats.set(zone, format);
  }
  return format.format(new Date(at));
}

/** A one-time code, shown large. */
export const codeBlock = (code: string) =>
  `<p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center;color:#111827;">${escapeHtml(code)}</p>`;

/** Every value is escaped here, so callers pass plain text. */
function layout({ title, greeting, intro, code, buttonLabel, link, footer }: Layout): string {
  const e = escapeHtml;
  return mailPage(
    title,
    `<p style="margin:0 0 16px;font-size:16px;">${e(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${e(intro)}</p>
${code ? `${codeBlock(code)}\n` : ''}<p style="margin:0 0 24px;text-align:center;"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(buttonLabel)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280;">Or open this link: <a href="${e(link)}" style="color:${brand};word-break:break-all;">${e(link)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280;">${e(footer)}</p>`,
  );
}

export function confirmationCodeMail({ firstName, code, link }: CodeMailInput): MailContent {
  const subject = 'Your Admit confirmation code';
  const greeting = `Hi ${firstName},`;
  const intro =
    'Use this code, with the password you chose when you signed up, to confirm your email address and finish creating your Admit account. It expires in 10 minutes.';
  const footer = 'If you did not sign up for Admit, you can ignore this email: no account is made without this code.';
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\nYour code: ${code}\n\nOr confirm with this link:\n${link}\n\n${footer}\n\n— Admit\n`,
    html: layout({ title: subject, greeting, intro, code, buttonLabel: 'Confirm my email', link, footer }),
  };
}

export function resetCodeMail({ firstName, code, link }: CodeMailInput): MailContent {
  const subject = 'Your Admit password reset code';
  const greeting = `Hi ${firstName},`;
  const intro = 'Use this code to choose a new password for your Admit account. It expires in 10 minutes.';
  const footer = 'If you did not ask to reset your password, you can ignore this email; your password stays the same.';
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\nYour code: ${code}\n\nReset your password here:\n${link}\n\n${footer}\n\n— Admit\n`,
    html: layout({ title: subject, greeting, intro, code, buttonLabel: 'Reset my password', link, footer }),
  };
}

export interface InvitationMailInput {
  organizationName: string;
  inviterName: string | null;
  roleLabel: string;
  roleDescription: string;
  link: string;
  expiresAt: Date;
}

/** The invitation to join an organisation's team; the link is the only way to accept it. */
export function invitationMail({
  organizationName,
  inviterName,
  roleLabel,
  roleDescription,
  link,
  expiresAt,
}: InvitationMailInput): MailContent {
  const subject = `Join ${organizationName} on Admit`;
  const greeting = 'Hello,';
  const who = inviterName ? `${inviterName} invited you` : 'You are invited';
  const intro = `${who} to join ${organizationName} on Admit as ${roleLabel}: ${roleDescription}`;
  const until = expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  const footer = `The invitation works once and expires on ${until}. Sign in or create an Admit account with this email address to accept it. If you did not expect it, you can ignore this email.`;
  return {
    subject,
    text: `${greeting}\n\n${intro}\n\nAccept the invitation here:\n${link}\n\n${footer}\n\n— Admit\n`,
    html: layout({ title: subject, greeting, intro, buttonLabel: 'See the invitation', link, footer }),
  };
}

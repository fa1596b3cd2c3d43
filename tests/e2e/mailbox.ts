import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

/** Decodes quoted-printable, which nodemailer uses for longer text parts. */
const unquote = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function messagesTo(email: string): string[] {
  return (
    readFileSync(process.env.ADMIT_E2E_MAIL_FILE as string, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; raw: string })
      .filter((message) => message.to.toLowerCase() === email.toLowerCase())
      // The body only: headers carry ids and dates with digits of their own.
      .map((message) => unquote(message.raw.slice(message.raw.indexOf('\r\n\r\n'))))
  );
}

/** Waits for the `count`-th mail to `email` to arrive through SMTP and returns its 6-digit code. */
export async function codeFromMail(email: string, count = 1): Promise<string> {
  await expect.poll(() => messagesTo(email).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const mail = messagesTo(email)[count - 1] ?? '';
  // The code stands on a line of its own; a title or name may hold six digits too ("Message Night 379168").
  const code = (/^\s*(\d{6})\s*$/m.exec(mail) ?? /\b(\d{6})\b/.exec(mail))?.[1];
  if (!code) throw new Error(`No code in the mail to ${email}`);
  return code;
}

/** The link to `path` (by default the confirmation's) in the `count`-th mail to `email`. */
export function linkFromMail(email: string, count = 1, path = '/verify-cognito'): string {
  const link = new RegExp(`https?://\\S+${path}\\?[^\\s"<]+`).exec(messagesTo(email)[count - 1] ?? '')?.[0];
  if (!link) throw new Error(`No link to ${path} in the mail to ${email}`);
  return link.replace(/&amp;/g, '&');
}

/** Waits for the `count`-th mail to `email` and returns the help desk case link in it. */
export async function caseLinkFromMail(email: string, count = 1): Promise<string> {
  await expect.poll(() => messagesTo(email).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const link = /https?:\/\/\S+\/help-desk\/case-details\?token=[\w-]+/.exec(messagesTo(email)[count - 1] ?? '')?.[0];
  if (!link) throw new Error(`No case link in the mail to ${email}`);
  return link;
}

/** The `count`-th mail to `email`, body only, once it has arrived. */
export async function mailText(email: string, count = 1): Promise<string> {
  await expect.poll(() => messagesTo(email).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return messagesTo(email)[count - 1] ?? '';
}

import { brand, escapeHtml, type MailContent, mailPage } from '../../lib/mail/templates.ts';

interface CaseMailInput {
  subject: string;
  name: string;
  intro: string;
  /** A public reply quoted in full; never an internal note. */
  quote?: { author: string; body: string };
  buttonLabel: string;
  link: string;
  footer: string;
}

/** Every help desk mail: a greeting, what happened, an optional quoted reply and one link. Text is escaped here. */
function caseMail({ subject, name, intro, quote, buttonLabel, link, footer }: CaseMailInput): MailContent {
  const e = escapeHtml;
  const greeting = `Hello ${name},`;
  const quoted = quote
    ? `<p style="margin:0 0 4px;font-size:14px;color:#6b7280;">${e(quote.author)} wrote:</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${brand};background:#f9fafb;font-size:15px;line-height:1.5;white-space:pre-wrap;">${e(quote.body)}</blockquote>\n`
    : '';
  const html = mailPage(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;">${e(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${e(intro)}</p>
${quoted}<p style="margin:0 0 24px;text-align:center;"><a href="${e(link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(buttonLabel)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;line-height:1.5;">${e(footer)}</p>`,
  );
  const quoteText = quote ? `${quote.author} wrote:\n\n${quote.body}\n\n` : '';
  return { subject, html, text: `${greeting}\n\n${intro}\n\n${quoteText}${buttonLabel}:\n${link}\n\n${footer}\n\n— Admit\n` };
}

const linkFooter = (hours: number) =>
  `This link is for you alone: it opens this case once, from one browser, and expires in ${hours} hours. If it has expired, ask for a new one at Check a case with your reference. If you did not contact Admit, you can ignore this email.`;

export function caseRaisedMail(input: {
  reference: string;
  subject: string;
  name: string;
  link: string;
  /** A guest's code, to enter where they raised the case; null for a signed-in person. */
  code: string | null;
  codeMinutes: number;
  linkHours: number;
}) {
  return caseMail({
    subject: input.code
      ? `[${input.reference}] Your code ${input.code} to open your case`
      : `[${input.reference}] We have your case: ${input.subject}`,
    name: input.name,
    intro: input.code
      ? `Thank you for contacting Admit. To confirm your email address, enter the code ${input.code} where you raised your case (it works for ${input.codeMinutes} minutes), or open your case with the button below. We start working on it as soon as you do. Your reference is ${input.reference}.`
      : `Thank you for contacting Admit. A person from our team will reply by email. Your reference is ${input.reference}.`,
    buttonLabel: input.code ? 'Confirm and open my case' : 'Open my case',
    link: input.link,
    footer: linkFooter(input.linkHours),
  });
}

export function caseLinkMail(input: { reference: string; name: string; link: string; linkHours: number }) {
  return caseMail({
    subject: `[${input.reference}] Your link to your case`,
    name: input.name,
    intro: `You asked for a link to your case ${input.reference}.`,
    buttonLabel: 'Open my case',
    link: input.link,
    footer: linkFooter(input.linkHours),
  });
}

export function agentReplyMail(input: {
  reference: string;
  subject: string;
  name: string;
  agentName: string;
  body: string;
  link: string;
  linkHours: number;
}) {
  return caseMail({
    subject: `[${input.reference}] New reply: ${input.subject}`,
    name: input.name,
    intro: 'We have replied to your case. You can answer from the case page.',
    quote: { author: input.agentName, body: input.body },
    buttonLabel: 'Reply or mark resolved',
    link: input.link,
    footer: linkFooter(input.linkHours),
  });
}

export function pendingReminderMail(input: {
  reference: string;
  subject: string;
  name: string;
  days: number;
  closeDays: number;
  link: string;
  linkHours: number;
}) {
  return caseMail({
    subject: `[${input.reference}] We are waiting for your answer: ${input.subject}`,
    name: input.name,
    intro: `We replied to your case ${input.days} days ago and are waiting for your answer. If your question is answered, mark the case resolved; it closes by itself ${input.closeDays} days after that.`,
    buttonLabel: 'Reply or mark resolved',
    link: input.link,
    footer: linkFooter(input.linkHours),
  });
}

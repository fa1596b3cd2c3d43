import type { KycStatus } from '../../../src/contract/users.ts';
import { brand, escapeHtml, type MailContent, mailPage } from '../../lib/mail/templates.ts';

interface DecisionMailInput {
  name: string;
  organisation: string;
  status: KycStatus;
  /** What is missing, or why it was rejected. */
  detail: string | null;
  deadline: Date | null;
  link: string;
}

const subjects: Record<KycStatus, (organisation: string) => string> = {
  unverified: (organisation) => `${organisation}: verification needs to start again`,
  pending: (organisation) => `${organisation}: we are reviewing your verification`,
  verified: (organisation) => `${organisation} is verified: you can sell paid tickets`,
  action_required: (organisation) => `${organisation}: we need more information to verify you`,
  rejected: (organisation) => `${organisation}: your verification was not approved`,
};

function intro({ organisation, status, detail, deadline }: DecisionMailInput): string {
  const by = deadline ? ` Please send it by ${deadline.toUTCString().slice(0, 16)}.` : '';
  switch (status) {
    case 'pending':
      return `We have the details and documents you sent for ${organisation}. A person from our team reviews them, usually within two working days, and we will email you the outcome.`;
    case 'verified':
      return `${organisation} is verified and payouts are enabled: you can now set prices and publish events with paid tickets.`;
    case 'action_required':
      return `We need more information to verify ${organisation}: ${detail ?? 'see your verification page'}.${by}`;
    case 'rejected':
      return `We could not verify ${organisation}. The reason: ${detail ?? 'not given'}. Paid tickets cannot be sold; free events are not affected. If you think this is a mistake, reply through the help desk.`;
    default:
      return `The verification of ${organisation} needs to start again.`;
  }
}

/** The mail owners get for each change of their verification's state. */
export function verificationMail(input: DecisionMailInput): MailContent {
  const e = escapeHtml;
  const subject = subjects[input.status](input.organisation);
  const greeting = `Hello ${input.name},`;
  const body = intro(input);
  const html = mailPage(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;">${e(greeting)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${e(body)}</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">See your verification</a></p>`,
  );
  return { subject, html, text: `${greeting}\n\n${body}\n\nSee your verification:\n${input.link}\n\n— Admit\n` };
}

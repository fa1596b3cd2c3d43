import { formatCount } from '#contract/count-text.ts';
import type { ReportMailFrequency } from '../../../src/contract/report-mails.ts';
import { type ReportKind, reportTitles } from '../../../src/contract/reports.ts';
import { brand, escapeHtml, type MailContent, mailPage } from '../../lib/mail/templates.ts';

export interface ReportMailInput {
  kind: ReportKind;
  organizationName: string;
  eventTitle: string | null;
  frequency: ReportMailFrequency;
  from: string;
  to: string;
  author: string;
  /** Rows in the attached file; null when the report was too long to attach. */
  rows: number | null;
  maxRows: number;
  fileName: string;
  /** The reports page with the same report and days. */
  link: string;
}

const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A mailed report: what it is, which days, who set it up; the file attached, or a link when it is too long. */
export function reportMailContent(input: ReportMailInput): MailContent {
  const e = escapeHtml;
  const title = reportTitles[input.kind].title;
  const days = input.from === input.to ? longDay(input.from) : `${longDay(input.from)} to ${longDay(input.to)}`;
  const scope = input.eventTitle ?? 'all events';
  const subject = `${title} · ${input.organizationName} · ${days}`;
  const what = `${title} of ${input.organizationName} (${scope}) for ${days}, UTC days.`;
  const file =
    input.rows === null
      ? `It has more than ${formatCount(input.maxRows)} rows, too many to attach: open it on the reports page.`
      : `Attached as ${input.fileName}: ${formatCount(input.rows)} ${input.rows === 1 ? 'row' : 'rows'}.`;
  const why = `You receive this ${input.frequency === 'daily' ? 'each morning' : 'each Monday'} because ${input.author} set it up at Admit for these addresses. To stop it, ask them or an owner of ${input.organizationName} to remove it on the reports page.`;
  const html = mailPage(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${e(what)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${e(file)}</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Open the report</a></p>
<p style="margin:0;font-size:13px;color:#6b7280;line-height:1.5;">${e(why)} The reports page needs a sign-in as a member of the organisation.</p>`,
  );
  return {
    subject,
    html,
    text: `${what}\n\n${file}\n\nOpen the report (members of the organisation):\n${input.link}\n\n${why}\n\n— Admit\n`,
  };
}

import { z } from 'zod';
import { currencySchema } from './events.ts';
import { reportDateBySchema, reportFormatSchema, reportKindSchema } from './reports.ts';
import { emailSchema } from './users.ts';

/** How often a report is mailed: each morning for the day before, or each Monday for the week before. */
export const reportMailFrequencySchema = z.enum(['daily', 'weekly'], { error: 'Choose daily or weekly.' });
export type ReportMailFrequency = z.infer<typeof reportMailFrequencySchema>;

/** Mailed reports go out at this hour (UTC), the days they cover being UTC days as in every report. */
export const REPORT_MAIL_HOUR_UTC = 6;
/** People one mailed report goes to. */
export const reportMailMaxRecipients = 10;
/** Mailed reports one organisation may have. */
export const reportMailsPerOrganization = 20;
/** Rows a mailed report's file holds at most; a longer one is mailed as a link to the reports page instead. */
export const reportMailMaxRows = 10_000;

/**
 * Why a mailed report stopped: the person who set it up left the organisation or lost the right to the report
 * (a mailed report never shows more than its author may see).
 */
export const reportMailStoppedMessage = 'Stopped: the person who set it up can no longer read this report.';

export const newReportMailSchema = z.object({
  report: reportKindSchema,
  eventId: z.uuid().optional(),
  dateBy: reportDateBySchema.default('payment'),
  currency: currencySchema.optional(),
  format: reportFormatSchema.default('csv'),
  frequency: reportMailFrequencySchema,
  recipients: z
    .array(emailSchema)
    .min(1, 'Name at least one address.')
    .max(reportMailMaxRecipients, `At most ${reportMailMaxRecipients} addresses.`)
    .refine((list) => new Set(list).size === list.length, 'Each address once.'),
});
export type NewReportMail = z.infer<typeof newReportMailSchema>;

export const reportMailParamsSchema = z.object({ organizationId: z.uuid(), reportMailId: z.uuid() });

/** `sent`: mailed with its file; `too_large`: mailed as a link; `stopped`: see `reportMailStoppedMessage`. */
export const reportMailOutcomeSchema = z.enum(['sent', 'too_large', 'stopped']);
export type ReportMailOutcome = z.infer<typeof reportMailOutcomeSchema>;

export const reportMailSchema = z.object({
  id: z.uuid(),
  report: reportKindSchema,
  eventId: z.uuid().nullable(),
  eventTitle: z.string().nullable(),
  dateBy: reportDateBySchema,
  currency: z.string().nullable(),
  format: reportFormatSchema,
  frequency: reportMailFrequencySchema,
  recipients: z.array(z.string()),
  /** Who set it up: the mail shows what their role may see. */
  createdBy: z.string(),
  createdAt: z.string(),
  /** Null once stopped. */
  nextSendAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastOutcome: reportMailOutcomeSchema.nullable(),
});
export type ReportMail = z.infer<typeof reportMailSchema>;

export const reportMailListSchema = z.object({ items: z.array(reportMailSchema) });

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first sending after `after`: the next 06:00 UTC, or for weekly mails the next Monday at 06:00 UTC. */
export function nextReportMailAt(frequency: ReportMailFrequency, after: Date): Date {
  const day = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  let at = day + REPORT_MAIL_HOUR_UTC * 3_600_000;
  if (at <= after.getTime()) at += dayMs;
  if (frequency === 'weekly') while (new Date(at).getUTCDay() !== 1) at += dayMs;
  return new Date(at);
}

/** The days (UTC, both included) a mail sent at `sentAt` covers: the day before, or the seven days before. */
export function reportMailPeriod(frequency: ReportMailFrequency, sentAt: Date): { from: string; to: string } {
  const today = Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate());
  return { from: isoDay(today - (frequency === 'weekly' ? 7 : 1) * dayMs), to: isoDay(today - dayMs) };
}

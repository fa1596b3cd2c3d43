import { z } from 'zod';
import { currencySchema } from './events.ts';

/** The CSV reports an organiser can download. */
export const reportKindSchema = z.enum(['transactions', 'sales-by-type', 'checkins', 'attendees']);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** A report holds at most this many rows; a longer one is refused with a request to narrow it. */
export const reportMaxRows = 50_000;
/** The longest date range one report covers. */
export const reportMaxDays = 366;

/** Whether the dates are those of the payments (and refunds) or of the events. */
export const reportDateBySchema = z.enum(['payment', 'event']);
export type ReportDateBy = z.infer<typeof reportDateBySchema>;

const dayMs = 86_400_000;
export const reportDaySpan = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

export const reportParamsSchema = z.object({ organizationId: z.uuid(), report: reportKindSchema });

export const reportQuerySchema = z
  .object({
    eventId: z.uuid().optional(),
    dateBy: reportDateBySchema.default('payment'),
    /** First and last day (UTC), both included. */
    from: z.iso.date({ error: 'Enter the first day as yyyy-mm-dd.' }),
    to: z.iso.date({ error: 'Enter the last day as yyyy-mm-dd.' }),
    currency: currencySchema.optional(),
  })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'The last day is before the first.' })
  .refine((query) => reportDaySpan(query.from, query.to) <= reportMaxDays, {
    path: ['to'],
    message: `A report covers at most ${reportMaxDays} days.`,
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

import { z } from 'zod';
import { currencySchema } from './events.ts';
import type { Permission } from './permissions.ts';

/** The reports an organiser can see on screen and download. */
export const reportKindSchema = z.enum([
  'revenue-summary',
  'transactions',
  'sales-by-day',
  'sales-by-type',
  'checkins',
  'attendees',
  'discount-codes',
]);
export type ReportKind = z.infer<typeof reportKindSchema>;

/** Each report's name and what it holds, as the reports page and the mailed reports say. */
export const reportTitles: Record<ReportKind, { title: string; text: string }> = {
  'revenue-summary': {
    title: 'Revenue summary',
    text: 'Per currency: what buyers paid, Admit’s booking fees, refunds and what is yours (owners and finance).',
  },
  'sales-by-day': { title: 'Sales by day', text: 'Orders, tickets and money taken on each day, per currency.' },
  transactions: {
    title: 'Transactions',
    text: 'Every ticket sale, booking fee and refund with its date, order and the payment provider’s ids (owners and finance).',
  },
  'sales-by-type': { title: 'Sales by ticket type', text: 'Tickets sold and money taken per ticket type and currency.' },
  checkins: { title: 'Check-in summary', text: 'Per event: tickets sold, checked in, inside now and not arrived.' },
  attendees: { title: 'Attendees', text: 'Who holds which ticket, who bought it, and when it was checked in.' },
  'discount-codes': {
    title: 'Discount codes',
    text: 'Per event and code: paid orders, tickets still valid, the money they took and what each code took off (TEST orders apart).',
  },
};

/**
 * The right each report needs: money reports (every ledger movement, the revenue summary) are for those who see
 * the money (owners and finance); the others for every order reader, whose sales reports show money columns only
 * when they may see the money too.
 */
export const reportPermission: Readonly<Record<ReportKind, Permission>> = {
  'revenue-summary': 'money.read',
  transactions: 'money.read',
  'sales-by-day': 'orders.read',
  'sales-by-type': 'orders.read',
  checkins: 'orders.read',
  attendees: 'orders.read',
  'discount-codes': 'orders.read',
};

/** A report's CSV holds at most this many rows (it streams); a longer one is refused with a request to narrow it. */
export const reportMaxRows = 250_000;
/** An XLSX workbook is written whole in memory before it is sent, so it holds fewer. */
export const workbookMaxRows = 50_000;
/** The most rows a report's file holds in this format. */
export const fileMaxRows = (format: 'csv' | 'xlsx') => (format === 'xlsx' ? workbookMaxRows : reportMaxRows);
/** The longest date range one report covers. */
export const reportMaxDays = 366;
/** Rows of a report shown on one screen. */
export const reportPageRows = 50;

/** Whether the dates are those of the payments (and refunds) or of the events. */
export const reportDateBySchema = z.enum(['payment', 'event']);
export type ReportDateBy = z.infer<typeof reportDateBySchema>;

const dayMs = 86_400_000;
export const reportDaySpan = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

export const reportParamsSchema = z.object({ organizationId: z.uuid(), report: reportKindSchema });

const reportFilterSchema = z.object({
  eventId: z.uuid().optional(),
  dateBy: reportDateBySchema.default('payment'),
  /** First and last day (UTC), both included. */
  from: z.iso.date({ error: 'Enter the first day as yyyy-mm-dd.' }),
  to: z.iso.date({ error: 'Enter the last day as yyyy-mm-dd.' }),
  currency: currencySchema.optional(),
});

const checkedRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((query) => query.to >= query.from, { path: ['to'], message: 'The last day is before the first.' })
    .refine((query) => reportDaySpan(query.from, query.to) <= reportMaxDays, {
      path: ['to'],
      message: `A report covers at most ${reportMaxDays} days.`,
    });

export const reportQuerySchema = checkedRange(reportFilterSchema);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The file a report downloads as: CSV (the default) or an XLSX workbook. */
export const reportFormatSchema = z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx.' });
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/** A report's file: its filters and the format. */
export const reportFileQuerySchema = checkedRange(reportFilterSchema.extend({ format: reportFormatSchema.default('csv') }));
export type ReportFileQuery = z.infer<typeof reportFileQuerySchema>;

/** A report on screen: one page of its rows. */
export const reportPageQuerySchema = checkedRange(
  reportFilterSchema.extend({
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(reportMaxRows / reportPageRows)
      .default(1),
  }),
);
export type ReportPageQuery = z.infer<typeof reportPageQuerySchema>;

/** The report's cells as the files hold them (text; amounts in major units, times in UTC). */
export const reportPageSchema = z.object({
  columns: z.array(z.object({ header: z.string(), numeric: z.boolean() })),
  rows: z.array(z.array(z.string())),
  /** Every row of the report, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

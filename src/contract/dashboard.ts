import { z } from 'zod';
import { eventStatusSchema } from './events.ts';
import { orderStatusSchema, paymentTotalsSchema } from './orders.ts';

/** The whole organisation, or one of its events. */
export const dashboardQuerySchema = z.object({ eventId: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Days of sales the dashboard's chart shows, ending today (UTC). */
export const dashboardSalesDays = 14;

/** What an organisation still has to do before it can sell; each step disappears from view once done. */
export const setupStepSchema = z.enum(['profile', 'verification', 'payouts', 'published']);
export type SetupStep = z.infer<typeof setupStepSchema>;

const count = z.number().int().min(0);

/**
 * What needs the organisation's attention: suspended by Admit; verification asking for more (with the deadline);
 * payouts paused while verified; events on sale with paid tickets while paid tickets cannot be sold.
 */
export const dashboardWarningSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('suspended') }),
  z.object({ kind: z.literal('action_required'), what: z.string().nullable(), deadline: z.string().nullable() }),
  z.object({ kind: z.literal('payouts_paused') }),
  z.object({ kind: z.literal('paid_events_unverified'), events: count }),
]);
export type DashboardWarning = z.infer<typeof dashboardWarningSchema>;

export const dashboardSchema = z.object({
  /** The event the figures are for; null for the whole organisation. */
  eventId: z.uuid().nullable(),
  /** Money per currency from the ledger, never summed across currencies; TEST orders left out. */
  money: z.array(paymentTotalsSchema),
  /** Paid TEST orders in scope: they take seats but move no money. */
  testOrders: count,
  ordersByStatus: z.array(z.object({ status: orderStatusSchema, count })),
  /** Sold (valid tickets of paid orders, TEST ones included: they take seats) against capacity. */
  ticketTypes: z.array(
    z.object({ id: z.uuid(), eventId: z.uuid(), eventTitle: z.string(), name: z.string(), sold: count, capacity: count }),
  ),
  /** From the admissions the door writes: one per ticket, so a ticket scanned twice counts once. */
  door: z.object({ sold: count, checkedIn: count, inside: count }),
  pageViews: count,
  /** Tickets sold per UTC day, oldest first, `dashboardSalesDays` days ending today. */
  dailySales: z.array(z.object({ day: z.iso.date(), tickets: count })),
  /** The organisation's events, newest first, for choosing one. */
  events: z.array(z.object({ id: z.uuid(), title: z.string(), status: eventStatusSchema, startsAt: z.string() })),
  setup: z.array(z.object({ step: setupStepSchema, done: z.boolean() })),
  warnings: z.array(dashboardWarningSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

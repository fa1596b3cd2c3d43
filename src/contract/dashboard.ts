import { z } from 'zod';
import { eventStatusSchema } from './events.ts';
import { orderStatusSchema, paymentTotalsSchema } from './orders.ts';

/** The whole organisation, or one of its events. */
export const dashboardQuerySchema = z.object({ eventId: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** How often an open dashboard asks again, so a scan at the door shows within this time. */
export const dashboardRefreshMs = 5_000;

/** Days of sales the dashboard's chart shows, ending today (UTC). */
export const dashboardSalesDays = 14;

/** Arrivals at the door are counted in slots of this many minutes. */
export const ARRIVAL_SLOT_MINUTES = 5;
/** At most this many slots (12 hours) of arrivals per event: the latest. */
export const arrivalSlotLimit = 144;
/** A door device not in touch for longer than this while its event runs is named in the warnings. */
export const DOOR_DEVICE_STALE_MS = 5 * 60 * 1000;
/** An event "runs" for the door from this long before it starts (doors open early) until it ends. */
export const DOORS_OPEN_BEFORE_MS = 2 * 60 * 60 * 1000;
/** A refund still pending this long after it was decided is waiting on the payment provider. */
export const REFUND_PENDING_WARN_MS = 5 * 60 * 1000;
/** Failed refunds are warned about for this long after they were decided. */
export const REFUND_FAILED_WARN_DAYS = 30;

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
  /** Refunds still pending after a few minutes (retried at the provider), and refunds that failed for good lately. */
  z.object({ kind: z.literal('refunds_pending'), pending: count, failed: count }),
  /**
   * A door device that has uploaded scans it decided offline at the event, silent (no upload, no fetch of scan data)
   * for over 5 minutes while the event runs: scans it made since are not in these figures until it connects.
   */
  z.object({
    kind: z.literal('door_device_stale'),
    eventId: z.uuid(),
    eventTitle: z.string(),
    /** The event's zone, for the times. */
    timezone: z.string(),
    deviceId: z.string(),
    /** Who last used it: "Dora D." */
    deviceName: z.string().nullable(),
    /** Its latest upload of offline scans, and its latest fetch of scan data (after which its queue was empty). */
    lastUploadAt: z.string(),
    lastSyncAt: z.string(),
  }),
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
  /** What buyers paid (tickets and booking fees) per UTC day of payment, per currency, TEST orders left out. */
  dailyRevenue: z.array(z.object({ currency: z.string(), days: z.array(z.object({ day: z.iso.date(), gross: count })) })),
  /**
   * Tickets admitted at the door per 5-minute slot (the admission's time; one per ticket, never twice): the chosen
   * event, or today's events (UTC) across the organisation. Slots from the first admission to now (or the last
   * admission once the event is over), at most `arrivalSlotLimit` of them.
   */
  arrivals: z.array(
    z.object({
      eventId: z.uuid(),
      title: z.string(),
      timezone: z.string(),
      startsAt: z.string(),
      admitted: count,
      slots: z.array(z.object({ at: z.string(), admitted: count })),
    }),
  ),
  /** The organisation's events, newest first, for choosing one. */
  events: z.array(z.object({ id: z.uuid(), title: z.string(), status: eventStatusSchema, startsAt: z.string() })),
  setup: z.array(z.object({ step: setupStepSchema, done: z.boolean() })),
  warnings: z.array(dashboardWarningSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

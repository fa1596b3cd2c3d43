import { z } from 'zod';
import { auditEntrySchema, reasonSchema } from './admin.ts';
import { currencySchema, eventStatusSchema } from './events.ts';
import { bookingFeeRuleSchema, orderStatusSchema, organizerOrderSchema, ticketStatusSchema } from './orders.ts';

/**
 * The admin console's money, events and tickets pages. Who may do what:
 * - orders: reading needs `payments.read` or `orders.refund` (a support agent reads orders with `payments.read`;
 *   whoever refunds must see what they refund); refunding and resending tickets need `orders.refund`;
 * - tickets: reading and voiding need `tickets.void`;
 * - events: `events.moderate`; payments: `payments.read`; booking fees: `fees.manage`.
 */
export const orderReadPermissions = ['payments.read', 'orders.refund'] as const;

/** Sensitive actions need a sign-in with the password within this many minutes. */
export const RECENT_SIGN_IN_MINUTES = 15;
/** What a refusal for an old sign-in puts in `errors[0].message` (path `auth`), so the page offers to sign in again. */
export const SIGN_IN_AGAIN = 'SIGN_IN_AGAIN';

const cursorSchema = z.string().max(200).optional();
/** A list's order: newest first (the default) or oldest first. */
export const listSortSchema = z.enum(['newest', 'oldest']).optional();
const searchSchema = z.string().trim().max(120).optional();
const isoDateTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });
const dayOrDateTime = z.union([z.iso.date(), isoDateTime], { error: 'Use a date (2026-05-01) or an ISO date and time.' });

// --- orders ------------------------------------------------------------------------------------------

export const adminOrdersQuerySchema = z.object({
  /** An order reference (K7P3-9QXM) or a buyer's email address, exactly. */
  q: searchSchema,
  status: orderStatusSchema.optional(),
  eventId: z.uuid().optional(),
  /** Placed on or after this day / time. */
  from: dayOrDateTime.optional(),
  /** Placed before this day (the whole day included) / time. */
  to: dayOrDateTime.optional(),
  sort: listSortSchema,
  after: cursorSchema,
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: orderStatusSchema,
  buyerName: z.string(),
  buyerEmail: z.string(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  currency: z.string(),
  total: z.number().int(),
  refunded: z.number().int(),
  test: z.boolean(),
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderPageSchema = z.object({ items: z.array(adminOrderRowSchema), next: z.string().nullable() });
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminMailSchema = z.object({
  at: z.string(),
  subject: z.string(),
  to: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const adminOrderSchema = organizerOrderSchema.extend({
  organisationName: z.string(),
  mails: z.array(adminMailSchema),
  audit: z.array(auditEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminRefundSchema = z.object({
  /**
   * Some of the order's refundable tickets (`refundableTicketIds`: valid ones, and voided ones whose money has not gone
   * back); absent: every refundable ticket (the whole order).
   */
  ticketIds: z.array(z.uuid()).min(1).max(100).optional(),
  /** Kept in the order's history and the audit log; never sent to the buyer. */
  reason: reasonSchema.max(300, 'At most 300 characters.'),
  /** Put in the buyer's refund mail, when the administrator writes one. */
  messageToBuyer: z.string().trim().max(500, 'At most 500 characters.').default(''),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

// --- tickets -----------------------------------------------------------------------------------------

/** The longest ticket search: a whole ticket code as scanned or pasted fits, with what a scanner adds around it. */
export const TICKET_SEARCH_MAX_LENGTH = 400;
export const adminTicketsQuerySchema = z.object({
  /** A ticket's code (as scanned or typed), its id, an order reference, or part of the holder's name. */
  q: z.string().trim().max(TICKET_SEARCH_MAX_LENGTH).optional(),
  after: cursorSchema,
});
export const adminTicketRowSchema = z.object({
  id: z.uuid(),
  holderName: z.string(),
  typeName: z.string(),
  status: ticketStatusSchema,
  voidedAt: z.string().nullable(),
  /** When its money went back; a voided ticket without it moved no money. */
  refundedAt: z.string().nullable(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  orderId: z.uuid(),
  reference: z.string(),
  buyerEmail: z.string(),
  test: z.boolean(),
  createdAt: z.string(),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;
export const adminTicketPageSchema = z.object({ items: z.array(adminTicketRowSchema), next: z.string().nullable() });
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;
export const ticketIdParamsSchema = z.object({ ticketId: z.uuid('Not a valid ticket id.') });

export const adminCheckinSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['scan', 'undo']),
  scannedAt: z.string(),
  receivedAt: z.string(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  scannedBy: z.string().nullable(),
  direction: z.enum(['in', 'out']),
  manual: z.boolean(),
  result: z.string(),
  offlineResult: z.string().nullable(),
});
export const adminTicketSchema = adminTicketRowSchema.extend({
  revokedReason: z.string().nullable(),
  checkins: z.array(adminCheckinSchema),
  audit: z.array(auditEntrySchema),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

// --- events ------------------------------------------------------------------------------------------

export const adminEventsQuerySchema = z.object({
  /** Words of the title, or the organisation's name. */
  q: searchSchema,
  status: z.enum([...eventStatusSchema.options, 'suspended', 'featured']).optional(),
  sort: listSortSchema,
  after: cursorSchema,
});
export type AdminEventsQuery = z.infer<typeof adminEventsQuerySchema>;
export const adminEventRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  organisationId: z.uuid(),
  organisationName: z.string(),
  status: eventStatusSchema,
  startsAt: z.string(),
  createdAt: z.string(),
  featured: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  ticketsSold: z.number().int(),
  capacity: z.number().int(),
  /** Paid orders' totals per currency, TEST orders left out. */
  sales: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type AdminEventRow = z.infer<typeof adminEventRowSchema>;
export const adminEventPageSchema = z.object({ items: z.array(adminEventRowSchema), next: z.string().nullable() });
export type AdminEventPage = z.infer<typeof adminEventPageSchema>;
export const adminEventParamsSchema = z.object({ eventId: z.uuid('Not a valid event id.') });
export const featureEventSchema = z.object({ featured: z.boolean() });

// --- payments ----------------------------------------------------------------------------------------

export const adminPaymentsQuerySchema = z.object({
  /** An order reference, a buyer's email or a provider's payment reference, exactly. */
  q: searchSchema,
  sort: listSortSchema,
  after: cursorSchema,
});
export const adminPaymentRowSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  reference: z.string(),
  buyerEmail: z.string(),
  provider: z.string(),
  paymentRef: z.string().nullable(),
  amount: z.number().int(),
  /** The platform's booking fee on the order. */
  fee: z.number().int(),
  currency: z.string(),
  status: z.string(),
  failureReason: z.string().nullable(),
  /** Of a TEST order (paid in the sandbox): play money. */
  test: z.boolean(),
  createdAt: z.string(),
});
export const adminPaymentPageSchema = z.object({ items: z.array(adminPaymentRowSchema), next: z.string().nullable() });
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

export const adminRefundsQuerySchema = z.object({
  status: z.enum(['pending', 'succeeded', 'failed']).optional(),
  after: cursorSchema,
});
export const adminRefundRowSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  feeAmount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Of a TEST order (paid in the sandbox): no money moves back. */
  test: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export const adminRefundPageSchema = z.object({ items: z.array(adminRefundRowSchema), next: z.string().nullable() });
export type AdminRefundPage = z.infer<typeof adminRefundPageSchema>;

export const adminWebhooksQuerySchema = z.object({
  /** Only deliveries that were not applied (anything but `applied` and `duplicate`). */
  failed: z.enum(['true', 'false']).optional(),
  after: cursorSchema,
});
/** The outcome of a delivery that matched no payment: the failed ones, which may be applied again. */
export const unmatchedWebhookOutcome = 'unknown_payment';
/** A failed delivery once applied again (its event id then carries the time); the attempt has its own row. */
export const retriedWebhookOutcome = 'retried';

export const adminWebhookRowSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  providerEventId: z.string(),
  type: z.string(),
  orderId: z.uuid().nullable(),
  outcome: z.string(),
  receivedAt: z.string(),
});
export const adminWebhookPageSchema = z.object({ items: z.array(adminWebhookRowSchema), next: z.string().nullable() });
export type AdminWebhookPage = z.infer<typeof adminWebhookPageSchema>;
export const webhookParamsSchema = z.object({ deliveryId: z.uuid() });
/** A failed delivery applied again: what it came to this time. */
export const webhookRetrySchema = z.object({ outcome: z.string() });
export type WebhookRetry = z.infer<typeof webhookRetrySchema>;

export const adminPayoutsQuerySchema = z.object({
  /** A payout reference exactly, or part of the organiser's name. */
  q: searchSchema,
  after: cursorSchema,
});
export const adminPayoutRowSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  orders: z.number().int(),
  provider: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const adminPayoutPageSchema = z.object({ items: z.array(adminPayoutRowSchema), next: z.string().nullable() });
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

/** The platform's booking fees of the last 30 days per currency (TEST orders left out). */
export const platformFeesSchema = z.object({
  since: z.string(),
  items: z.array(
    z.object({ currency: z.string(), orders: z.number().int(), fees: z.number().int(), refundedFees: z.number().int() }),
  ),
});
export type PlatformFees = z.infer<typeof platformFeesSchema>;

// --- booking fees ------------------------------------------------------------------------------------

export const feeRuleSchema = bookingFeeRuleSchema.extend({
  id: z.uuid(),
  /** The currency it prices; null: every currency without a rule of its own. */
  currency: z.string().nullable(),
  /** The organiser whose fee plan it belongs to; null: the platform's rule for every organiser without a plan. */
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  /** The rule checkouts use now. */
  current: z.boolean(),
});
export type FeeRule = z.infer<typeof feeRuleSchema>;
export const feeRuleListSchema = z.object({ items: z.array(feeRuleSchema) });
export const feeRuleListQuerySchema = z.object({
  /** Only this organiser's fee plan. */
  organization: z.uuid('Not an organiser id.').optional(),
});
export type FeeRuleList = z.infer<typeof feeRuleListSchema>;

export const newFeeRuleSchema = z.object({
  percentBasisPoints: z.number().int().min(0, 'At least 0.').max(5_000, 'At most 50%.'),
  fixed: z.number().int().min(0, 'At least 0.').max(100_000, 'At most 1,000.00.'),
  capPerTicket: z.number().int().min(0, 'At least 0.').max(1_000_000).nullable(),
  minPerTicket: z.number().int().min(0, 'At least 0.').max(100_000, 'At most 1,000.00.').nullable(),
  /** The currency it prices, its amounts in that currency; null: every currency without a rule of its own. */
  currency: currencySchema.nullable(),
  /** The organiser whose fee plan it joins; null or absent: a platform rule. */
  organizationId: z.uuid('Not an organiser id.').nullable().optional(),
  /** When it starts: later than now (the history is never rewritten). */
  effectiveFrom: isoDateTime,
  reason: reasonSchema,
});
export type NewFeeRule = z.input<typeof newFeeRuleSchema>;

export const feeQuoteSchema = z.object({
  /** A rule id; absent: the rule in force now for the currency (and the organiser, when given). */
  ruleId: z.uuid().optional(),
  currency: currencySchema,
  /** Priced as this organiser's orders are (its fee plan first); absent: an organiser without a plan. */
  organizationId: z.uuid('Not an organiser id.').optional(),
  lines: z
    .array(z.object({ unitPrice: z.number().int().min(0).max(10_000_000), quantity: z.number().int().min(1).max(100) }))
    .min(1, 'Add at least one ticket.')
    .max(20),
});
export type FeeQuoteRequest = z.infer<typeof feeQuoteSchema>;
export const feeQuoteResultSchema = z.object({
  /** The rule applied; null when no rule exists (no fee). */
  ruleId: z.uuid().nullable(),
  subtotal: z.number().int(),
  bookingFee: z.number().int(),
  /** What the buyer pays. */
  total: z.number().int(),
  /** What the organiser receives: the ticket prices (the booking fee is the platform's). */
  organiserReceives: z.number().int(),
});
export type FeeQuote = z.infer<typeof feeQuoteResultSchema>;

export const reissueTicketSchema = z.object({
  holderName: z.string().trim().min(1, 'Give the holder’s name.').max(120, 'At most 120 characters.'),
  reason: reasonSchema,
});
export type ReissueTicket = z.infer<typeof reissueTicketSchema>;

/** Unpublish (back to draft, the organiser may publish again) or suspend (cannot be published until lifted). */
export const moderateEventSchema = z.object({
  action: z.enum(['unpublish', 'suspend', 'lift']),
  reason: reasonSchema,
});
export type ModerateEvent = z.infer<typeof moderateEventSchema>;

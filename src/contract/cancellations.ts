import { z } from 'zod';
import { onEventClock, type RefundFee, type RefundPolicy, refundDeadline, zoneTimeName } from './refund-policy-text.ts';

/**
 * A buyer's own cancellation within the event's refund policy, and their refund request outside it (decision 068).
 * The server decides with `selfService` under the order's lock and sends its answer with the order; the booking shows
 * that answer, so the words and the amounts the buyer confirms are the ones the server applies.
 */

/** How long after an event ends its buyers may still ask the organiser for a refund. */
export const refundAskDaysAfterEnd = 30;

/** The fee the policy keeps from one ticket's price: never more than the price itself. The booking fee goes back whole. */
export function cancellationFee(fee: RefundFee | null, unitPrice: number): number {
  if (!fee || unitPrice <= 0) return 0;
  const amount = fee.kind === 'percent' ? Math.round((unitPrice * fee.percent) / 100) : fee.amount;
  return Math.min(amount, unitPrice);
}

export const refundRequestStatuses = ['open', 'refunded', 'declined', 'closed'] as const;
export type RefundRequestStatus = (typeof refundRequestStatuses)[number];

export const cancellableTicketSchema = z.object({
  ticketId: z.uuid(),
  /** What goes back to the buyer: the ticket's price and booking fee, less `fee`. */
  refund: z.number().int(),
  /** What the policy's fee keeps. */
  fee: z.number().int(),
});
export type CancellableTicket = z.infer<typeof cancellableTicketSchema>;

export const refundRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(refundRequestStatuses),
  ticketIds: z.array(z.uuid()),
  reason: z.string(),
  /** The organiser's answer, when they declined. */
  decisionNote: z.string().nullable(),
  refundedAmount: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RefundRequestView = z.infer<typeof refundRequestSchema>;

/** What the buyer may do with their order now, as the server judged it when it answered. */
export const orderSelfServiceSchema = z.object({
  /** The tickets the buyer may cancel now, in the order's ticket order. */
  cancellable: z.array(cancellableTicketSchema),
  /** The last moment to cancel the paid ones (the policy's deadline), or the start for free tickets alone. */
  cancelUntil: z.string().nullable(),
  /** Why some tickets cannot be cancelled here, in words for the buyer; null when nothing needs saying. */
  note: z.string().nullable(),
  /** The buyer may ask the organiser to refund what they cannot cancel themselves. */
  canAsk: z.boolean(),
  /** The order's latest refund request, open or decided. */
  request: refundRequestSchema.nullable(),
});
export type OrderSelfService = z.infer<typeof orderSelfServiceSchema>;

const ticketIdsSchema = z
  .array(z.uuid('Not a ticket id.'))
  .min(1, 'Choose at least one ticket.')
  .max(100, 'At most 100 tickets at a time.')
  .refine((ids) => new Set(ids).size === ids.length, 'A ticket is chosen twice.');

/** Cancel some tickets of an order (or all that can be, without `ticketIds`). */
export const cancelTicketsSchema = z.object({ ticketIds: ticketIdsSchema.optional() });
export type CancelTicketsInput = z.infer<typeof cancelTicketsSchema>;

export const refundAskLimits = { reason: 1000, perOrder: 3 } as const;

/** Ask the organiser to refund tickets the policy does not let the buyer cancel. */
export const refundAskSchema = z.object({
  ticketIds: ticketIdsSchema,
  reason: z
    .string('Tell the organiser why.')
    .trim()
    .min(1, 'Tell the organiser why.')
    .max(refundAskLimits.reason, 'At most 1,000 characters.'),
});
export type RefundAskInput = z.infer<typeof refundAskSchema>;

export const refundRequestDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('refund') }),
  z.object({
    decision: z.literal('decline'),
    note: z
      .string('Tell the buyer why.')
      .trim()
      .min(1, 'Tell the buyer why: they receive this note.')
      .max(refundAskLimits.reason, 'At most 1,000 characters.'),
  }),
]);
export type RefundRequestDecision = z.infer<typeof refundRequestDecisionSchema>;

export const refundRequestParamsSchema = z.object({ requestId: z.uuid('Not a request id.') });

/** An open request as the organiser's payments page lists it. */
export const organiserRefundRequestSchema = refundRequestSchema.extend({
  orderId: z.uuid(),
  reference: z.string(),
  eventId: z.uuid(),
  eventTitle: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  currency: z.string(),
  /** What refunding the asked tickets in full gives back now (their price and booking fee). */
  amount: z.number().int(),
  tickets: z.array(z.object({ id: z.uuid(), typeName: z.string(), holderName: z.string() })),
});
export type OrganiserRefundRequest = z.infer<typeof organiserRefundRequestSchema>;
export const organiserRefundRequestListSchema = z.object({ items: z.array(organiserRefundRequestSchema) });

export interface SelfServiceTicket {
  id: string;
  status: 'valid' | 'voided';
  checkedIn: boolean;
  refunded: boolean;
  unitPrice: number;
  unitFee: number;
}

export interface SelfServiceInput {
  orderStatus: string;
  /** The policy the order was placed under, else the event's own. */
  policy: RefundPolicy | null;
  event: { status: string; startsAt: string | Date; endsAt: string | Date; timezone: string; buyerCancellation: boolean };
  tickets: SelfServiceTicket[];
  /** The order's latest request, if any. */
  request: RefundRequestView | null;
  now: Date;
}

const standing = ['paid', 'partially_refunded'];

/** Why tickets cannot be cancelled here, when they cannot. */
function blockedNote(input: SelfServiceInput, deadline: Date | null): string | null {
  const { policy, event } = input;
  if (!event.buyerCancellation) return 'The organiser handles cancellations for this event: ask them for a refund.';
  if (!policy) return 'The organiser has not set a refund policy: ask them for a refund.';
  if (policy.kind === 'none') return 'This event’s policy is no refunds. You can still ask the organiser.';
  if (policy.kind === 'custom') return 'The organiser applies their own policy: ask them for a refund.';
  if (deadline && input.now.getTime() >= deadline.getTime()) {
    const when = `${onEventClock(deadline, event.timezone)} (${zoneTimeName(event.timezone)})`;
    return `Cancelling closed on ${when}. You can still ask the organiser for a refund.`;
  }
  return null;
}

/**
 * What the buyer may do now: cancel tickets within the policy (paid ones until its deadline, free ones until the
 * start, neither once checked in, nor when the organiser handles cancellations), or ask for a refund of the rest, until
 * 30 days after the event. A cancelled event is refunded by Admit already; an order that is not paid offers nothing.
 */
export function selfService(input: SelfServiceInput): Omit<OrderSelfService, 'request'> {
  const nothing = { cancellable: [], cancelUntil: null, note: null, canAsk: false };
  const { event, policy, now } = input;
  if (!standing.includes(input.orderStatus)) return nothing;
  if (event.status === 'cancelled') {
    return { ...nothing, note: 'This event was cancelled: its orders are refunded in full automatically.' };
  }
  const started = now.getTime() >= new Date(event.startsAt).getTime();
  const deadline = refundDeadline(policy, event.startsAt, event.timezone);
  const withinPolicy = event.buyerCancellation && policy?.kind === 'until_before_start' && deadline !== null && now < deadline;
  const fee = policy?.kind === 'until_before_start' ? policy.fee : null;

  const open = input.tickets.filter((ticket) => ticket.status === 'valid' && !ticket.checkedIn && !ticket.refunded);
  const cancellable: CancellableTicket[] = [];
  let paidCancellable = false;
  let blocked = false;
  for (const ticket of started ? [] : open) {
    const paid = ticket.unitPrice + ticket.unitFee > 0;
    if (paid ? !withinPolicy : !event.buyerCancellation) {
      blocked = true;
      continue;
    }
    const kept = paid ? cancellationFee(fee, ticket.unitPrice) : 0;
    cancellable.push({ ticketId: ticket.id, refund: ticket.unitPrice + ticket.unitFee - kept, fee: kept });
    if (paid) paidCancellable = true;
  }
  const cancelUntil = paidCancellable ? deadline : cancellable.length > 0 ? new Date(event.startsAt) : null;

  const askable = input.tickets.filter(
    (ticket) => !ticket.refunded && ticket.unitPrice + ticket.unitFee > 0 && !cancellable.some((c) => c.ticketId === ticket.id),
  );
  const askUntil = new Date(event.endsAt).getTime() + refundAskDaysAfterEnd * 86_400_000;
  const canAsk = askable.length > 0 && now.getTime() < askUntil && input.request?.status !== 'open';

  let note: string | null = null;
  if (started && open.length > 0) note = 'The event has started, so tickets can no longer be cancelled here.';
  else if (blocked) note = blockedNote(input, deadline);
  return { cancellable, cancelUntil: cancelUntil?.toISOString() ?? null, note, canAsk };
}

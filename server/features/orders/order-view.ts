import { type RefundRequestView, selfService } from '../../../src/contract/cancellations.ts';
import { isTestOrder, type Order, type OrderStatus } from '../../../src/contract/orders.ts';
import { type TicketChanges, ticketChanges } from '../../../src/contract/ticket-transfers.ts';
import type { ImageUrl } from '../../lib/storage/image-url.ts';
import type { OrderEventRow, OrderItemRow, OrderRow, TicketRow } from './orders.repository.ts';
import type { RefundRequestRow } from './refunds/refund-requests.repository.ts';
import type { TicketTransferRow } from './tickets/ticket-transfers.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export interface OrderParts {
  event: OrderEventRow;
  items: OrderItemRow[];
  tickets: TicketRow[];
  /** The checkout still open for this order, if any. */
  checkoutUrl: string | null;
  /** The order's latest refund request (decision 068), if any. */
  request?: RefundRequestRow | null;
  /** The order's changes of holder (decision 069), oldest first. */
  transfers?: TicketTransferRow[];
}

export function toRefundRequest(row: RefundRequestRow): RefundRequestView {
  return {
    id: row.id,
    status: row.status,
    ticketIds: row.ticket_ids,
    reason: row.reason,
    decisionNote: row.decision_note,
    refundedAmount: row.refunded_amount,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
  };
}

/** The policy an order is governed by: the one it was placed under, else (orders placed before 0049) the event's. */
export const policyOf = (row: Pick<OrderRow, 'refund_policy'>, event: Pick<OrderEventRow, 'refund_policy'>) =>
  row.refund_policy ?? event.refund_policy;

/** What the buyer may cancel or ask for now (decision 068), judged with the order's tickets and policy. */
export function selfServiceOf(
  row: OrderRow,
  event: OrderEventRow,
  tickets: TicketRow[],
  request: RefundRequestRow | null,
  now = new Date(),
) {
  const requestView = request ? toRefundRequest(request) : null;
  return {
    ...selfService({
      orderStatus: row.status,
      policy: policyOf(row, event),
      event: {
        status: event.status,
        startsAt: event.starts_at,
        endsAt: event.ends_at,
        timezone: event.timezone,
        buyerCancellation: event.buyer_cancellation,
      },
      tickets: tickets.map((ticket) => ({
        id: ticket.id,
        status: ticket.status,
        checkedIn: ticket.checked_in_at !== null,
        refunded: ticket.refunded_at !== null,
        unitPrice: ticket.unit_price,
        unitFee: ticket.unit_fee,
      })),
      request: requestView,
      now,
    }),
    request: requestView,
  };
}

/** Which tickets may change holder now (decision 069), judged with the order's tickets, and who held them before. */
export function ticketChangesOf(
  row: Pick<OrderRow, 'status'>,
  event: OrderEventRow,
  tickets: TicketRow[],
  transfers: TicketTransferRow[],
  now = new Date(),
): TicketChanges {
  return {
    ...ticketChanges({
      orderStatus: row.status,
      event: {
        status: event.status,
        startsAt: event.starts_at,
        timezone: event.timezone,
        transferCutoffHours: event.transfer_cutoff_hours,
      },
      tickets: tickets.map((ticket) => ({
        id: ticket.id,
        status: ticket.status,
        checkedIn: ticket.checked_in_at !== null,
        refunded: ticket.refunded_at !== null,
        version: ticket.holder_version,
      })),
      now,
    }),
    history: transfers.map((transfer) => ({
      ticketId: transfer.ticket_id,
      kind: transfer.kind,
      fromName: transfer.from_name,
      toName: transfer.to_name,
      toEmail: transfer.to_email,
      at: iso(transfer.created_at),
    })),
  };
}

/** A free order held until the code mailed to its buyer email is entered (decision 021). */
export const awaitsEmailCode = (row: Pick<OrderRow, 'status' | 'provider' | 'hold_expires_at'>) =>
  (row.status === 'pending' || row.status === 'failed') && row.hold_expires_at !== null && row.provider === 'none';

/** Only orders whose tickets were issued see the online link and the codes. */
const issued = (status: OrderStatus) => status === 'paid' || status === 'partially_refunded';

export function toOrder(row: OrderRow, parts: OrderParts, imageUrl: ImageUrl): Omit<Order, 'accessToken'> {
  const holding = (row.status === 'pending' || row.status === 'failed') && row.hold_expires_at !== null;
  const { event } = parts;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    event: {
      id: event.id,
      title: event.title,
      startsAt: iso(event.starts_at),
      endsAt: iso(event.ends_at),
      timezone: event.timezone,
      isOnline: event.is_online,
      venueName: event.venue_name,
      address: event.address,
      city: event.city,
      coverImageUrl: imageUrl(event.cover_image_key),
      onlineUrl: issued(row.status) ? event.online_url : null,
      refundPolicy: policyOf(row, event),
    },
    buyer: { name: row.buyer_name, email: row.buyer_email },
    items: parts.items.map((item) => ({
      ticketTypeId: item.ticket_type_id,
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      unitFee: item.unit_fee,
    })),
    currency: row.currency,
    subtotal: row.subtotal,
    discount: row.discount,
    discountCode: row.discount_code,
    bookingFee: row.booking_fee,
    total: row.total,
    refunded: row.refunded,
    provider: row.provider,
    test: isTestOrder(row),
    paymentUrl: holding ? parts.checkoutUrl : null,
    awaitingEmailCode: awaitsEmailCode(row),
    holdExpiresAt: holding && row.hold_expires_at ? iso(row.hold_expires_at) : null,
    failureReason: row.failure_reason,
    createdAt: iso(row.created_at),
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    tickets: parts.tickets.map((ticket) => ({
      id: ticket.id,
      ticketTypeId: ticket.ticket_type_id,
      typeName: ticket.type_name,
      holderName: ticket.holder_name,
      holderEmail: ticket.holder_email,
      status: ticket.status,
      code: ticket.status === 'valid' ? ticket.code : null,
      shortCode: ticket.status === 'valid' ? ticket.short_code : null,
      checkedInAt: ticket.checked_in_at ? iso(ticket.checked_in_at) : null,
      refundedAt: ticket.refunded_at ? iso(ticket.refunded_at) : null,
      version: ticket.holder_version,
    })),
    selfService: selfServiceOf(row, event, parts.tickets, parts.request ?? null),
    ticketChanges: ticketChangesOf(row, event, parts.tickets, parts.transfers ?? []),
  };
}

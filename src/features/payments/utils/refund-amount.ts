import type { OrganizerOrder } from '#contract/orders.ts';

/**
 * The tickets a refund can still cover, as the server says: the valid ones, and those voided by an administrator
 * whose money has not gone back yet (a void moves no money).
 */
export const refundableTickets = (order: Pick<OrganizerOrder, 'tickets' | 'refundableTicketIds'>) =>
  order.tickets.filter((ticket) => order.refundableTicketIds.includes(ticket.id));

/**
 * What goes back for these tickets, as the server reckons it: each ticket's price and its booking
 * fee, never more than what is left of the total.
 */
export function refundAmount(
  order: Pick<OrganizerOrder, 'tickets' | 'items' | 'total' | 'refunded' | 'refundableTicketIds'>,
  ticketIds: readonly string[],
) {
  const perType = new Map(order.items.map((item) => [item.ticketTypeId, item.unitPrice + item.unitFee]));
  const sum = refundableTickets(order)
    .filter((ticket) => ticketIds.includes(ticket.id))
    .reduce((total, ticket) => total + (perType.get(ticket.ticketTypeId) ?? 0), 0);
  return Math.min(sum, order.total - order.refunded);
}

import type { OrganizerOrder } from '../../../contract/orders.ts';

/** The valid tickets of an order: the ones a refund can still cover. */
export const refundableTickets = (order: Pick<OrganizerOrder, 'tickets'>) =>
  order.tickets.filter((ticket) => ticket.status === 'valid');

/**
 * What goes back for these tickets, as the server reckons it: each ticket's price and its booking
 * fee, never more than what is left of the total.
 */
export function refundAmount(
  order: Pick<OrganizerOrder, 'tickets' | 'items' | 'total' | 'refunded'>,
  ticketIds: readonly string[],
) {
  const perType = new Map(order.items.map((item) => [item.ticketTypeId, item.unitPrice + item.unitFee]));
  const sum = order.tickets
    .filter((ticket) => ticketIds.includes(ticket.id) && ticket.status === 'valid')
    .reduce((total, ticket) => total + (perType.get(ticket.ticketTypeId) ?? 0), 0);
  return Math.min(sum, order.total - order.refunded);
}

import { sql } from 'kysely';

// Orders hold their tickets while they await payment; events, orders and the dashboard all count what is held, so the
// condition and the count are written once, here.

/**
 * Orders that still hold their tickets (`holdingStatuses` in orders: a failed attempt may be retried while the hold
 * lasts), as a condition written into the SQL rather than sent as parameters, so that a prepared statement's generic
 * plan can still use the partial indexes on those statuses.
 */
export const holdsStock = sql<boolean>`orders.status in ('pending', 'failed')`;

/**
 * Tickets of the type in the row held by orders awaiting payment, and places held by waiting-list offers (decision
 * 063): the part of `taken` not sold. Read from the event's live orders and offers, so paying for held tickets writes
 * nothing to the type's row.
 */
export const heldForType = () =>
  sql<number>`(coalesce((select sum(i.quantity)::int from orders
    join order_items i on i.order_id = orders.id and i.ticket_type_id = ticket_types.id
    where orders.event_id = ticket_types.event_id and ${holdsStock}), 0)
    + coalesce((select sum(w.offered_quantity)::int from waiting_list_entries w
      where w.ticket_type_id = ticket_types.id and w.status = 'offered'), 0))`;

import type { Selectable } from 'kysely';
import type { TicketType } from '../../src/contract/events.ts';
import type { TicketTypesTable } from '../db/types.ts';

// A ticket type as buyers and organisers see it: the event page shows it, and a code that shows hidden tickets hands
// them to the buyer in the same shape.

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Tickets left of a type: neither sold nor held by an order waiting for payment. */
export const availableOf = (type: Selectable<TicketTypesTable>) => Math.max(type.capacity - type.taken, 0);

export function toTicketType(type: Selectable<TicketTypesTable>, now: Date): TicketType {
  const started = !type.sales_start || new Date(type.sales_start) <= now;
  const notEnded = !type.sales_end || new Date(type.sales_end) > now;
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price: type.price,
    currency: type.currency,
    capacity: type.capacity,
    available: availableOf(type),
    minPerOrder: type.min_per_order,
    maxPerOrder: type.max_per_order,
    salesStart: isoOrNull(type.sales_start),
    salesEnd: isoOrNull(type.sales_end),
    hidden: type.hidden,
    onSale: started && notEnded && availableOf(type) > 0,
  };
}

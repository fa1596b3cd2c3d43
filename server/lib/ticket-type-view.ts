import type { Selectable } from 'kysely';
import type { TicketType } from '../../src/contract/events.ts';
import type { TicketTypesTable } from '../db/types.ts';
import { holdsType, type QuotaCount } from './capacity-quotas.ts';
import { noWaitingList, type WaitingState } from './waiting-list-state.ts';

// A ticket type as buyers and organisers see it: the event page shows it, and a code that shows hidden tickets hands
// them to the buyer in the same shape.

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** What availability reads of a quota: its places, what is taken of them, and the types it holds. */
export type QuotaOfTypes = Pick<QuotaCount, 'capacity' | 'taken' | 'all_types' | 'ticket_type_ids'>;

/**
 * Tickets left of a type: neither sold nor held by an order waiting for payment, of its own stock and of each quota
 * it shares with other types (decision 061), whichever has fewest. Every view of `available`, `onSale` and `soldOut`
 * asks this, with the event's quotas.
 */
export function availableOf(
  type: Pick<Selectable<TicketTypesTable>, 'id' | 'capacity' | 'taken'>,
  quotas: readonly QuotaOfTypes[],
): number {
  let left = type.capacity - type.taken;
  for (const quota of quotas) if (holdsType(quota, type.id)) left = Math.min(left, quota.capacity - quota.taken);
  return Math.max(left, 0);
}

/**
 * The type as a buyer sees it; `taken` is told to the event's organisation only (see toEvent). A type with people on
 * its waiting list shows nothing left: what comes back is theirs first (decision 063).
 */
export function toTicketType(
  type: Selectable<TicketTypesTable>,
  now: Date,
  quotas: readonly QuotaOfTypes[],
  waiting: WaitingState = noWaitingList,
): TicketType {
  const started = !type.sales_start || new Date(type.sales_start) <= now;
  const notEnded = !type.sales_end || new Date(type.sales_end) > now;
  const available = waiting.waitingTypeIds.includes(type.id) ? 0 : availableOf(type, quotas);
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price: type.price,
    currency: type.currency,
    capacity: type.capacity,
    available,
    taken: null,
    minPerOrder: type.min_per_order,
    maxPerOrder: type.max_per_order,
    salesStart: isoOrNull(type.sales_start),
    salesEnd: isoOrNull(type.sales_end),
    hidden: type.hidden,
    onSale: started && notEnded && available > 0,
    waitingList: waiting.enabled && !type.hidden && started && notEnded && available === 0,
  };
}

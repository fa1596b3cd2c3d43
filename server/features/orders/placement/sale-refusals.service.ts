import { quotaFullMessage } from '../../../../src/contract/capacity-quotas.ts';
import { holdsType, quotaCountsOf, quotaLeft } from '../../../lib/capacity-quotas.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { codeRefused } from '../../promotions/discount-codes.service.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { availableOf, typeNamesOf } from './order-placement.repository.ts';

// How a refused order is answered: what the sale guard (saleGuardQuery) or the database refused, in words.

/** Against scalping: tickets one buyer (email or account) may hold or own for one event, across orders. */
export const maxTicketsPerBuyer = 10;

/** A database error of this SQLSTATE naming this constraint (pg names it in a field, PGlite in the message). */
export const violates = (error: unknown, code: '23503' | '23505' | '23514', constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === code &&
  `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`.includes(constraint);

/** The answer when the sale guard (saleGuardQuery) refused the order. */
export function refusedSale(reason: string, detail: string): HttpError {
  if (reason === 'buyer_limit') {
    const left = Math.max(maxTicketsPerBuyer - Number(detail), 0);
    return new HttpError(
      'CONFLICT',
      `One buyer can have at most ${maxTicketsPerBuyer} tickets for this event; you can add ${left} more.`,
    );
  }
  if (reason === 'network_free') {
    return new HttpError(
      'CONFLICT',
      'Many free tickets for this event were already booked from your network. Sign in with a confirmed account to book yours.',
    );
  }
  if (reason === 'network_held') {
    return new HttpError(
      'TOO_MANY_REQUESTS',
      'Many tickets for this event are waiting for payment from your network. Please try again in a few minutes, or sign in with a confirmed account.',
    );
  }
  if (reason === 'offer_lapsed') {
    return new HttpError(
      'CONFLICT',
      'This offer is no longer open: it lapsed, or was used or given up, and its places passed to the next person on the waiting list.',
    );
  }
  if (reason === 'code_used_up') return codeRefused('used_up');
  if (reason === 'code_buyer_limit') return codeRefused('buyer_used_up');
  if (reason === 'stale') {
    return new HttpError('CONFLICT', 'The tickets of this event were changed just now. Please check them and try again.');
  }
  if (detail === 'cancelled') return new HttpError('CONFLICT', 'This event is cancelled.');
  if (detail === 'suspended')
    return new HttpError('CONFLICT', 'Tickets for this event are not on sale: its organiser’s sales are paused.');
  return new HttpError('CONFLICT', 'Tickets for this event are not on sale.');
}

/**
 * The refusal when a reservation broke a capacity CHECK, its type's or a quota's its type shares (decision 061): the
 * first type of the order with too few left, or else the first quota. A quota is named by its types (buyers never see
 * the organiser's name for it), hidden ones left out unless the order has them.
 */
export async function notEnoughLeft(
  deps: OrdersDeps,
  eventId: string,
  items: { ticket_type_id: string; name: string; quantity: number }[],
) {
  for (const item of items) {
    const left = await availableOf(deps.db, item.ticket_type_id);
    const available = Math.max(Number(left?.available ?? 0), 0);
    if (available >= item.quantity) continue;
    return new HttpError(
      'CONFLICT',
      available === 0 ? `${item.name} is sold out.` : `Only ${available} ${item.name} tickets are left.`,
    );
  }
  const [quotas, types] = await Promise.all([quotaCountsOf(deps.db, eventId), typeNamesOf(deps.db, eventId)]);
  const ordered = new Set(items.map((item) => item.ticket_type_id));
  // Places some types share before the event's own: "Standard is sold out" tells the buyer what to change.
  for (const quota of [...quotas].sort((a, b) => Number(a.all_types) - Number(b.all_types))) {
    const wanted = items.reduce((sum, item) => sum + (holdsType(quota, item.ticket_type_id) ? item.quantity : 0), 0);
    const left = quotaLeft(quota);
    if (wanted === 0 || left >= wanted) continue;
    const typeNames = types
      .filter((type) => quota.ticket_type_ids.includes(type.id) && (!type.hidden || ordered.has(type.id)))
      .map((type) => type.name);
    return new HttpError('CONFLICT', quotaFullMessage({ allTypes: quota.all_types, typeNames }, left));
  }
  // Freed again by the time we looked: the buyer may simply try again.
  return new HttpError('CONFLICT', 'Those tickets were just taken. Please try again.');
}

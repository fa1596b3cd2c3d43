import { normaliseCode } from '../../../../src/contract/discount-pricing.ts';
import type { BookingFeeRule } from '../../../../src/contract/orders.ts';
import type { CheckoutQuestion } from '../../../../src/contract/questions.ts';
import type { Db } from '../../../db/database.ts';
import { type FeeRuleInForce, toFeeRule } from '../../../lib/booking-fee-rules.ts';
import { BoundedCache } from '../../../lib/bounded-cache.ts';
import { toCheckoutQuestion } from '../../../lib/checkout-questions.ts';
import { codeForOrder, type DiscountCodeRow } from '../../promotions/discount-codes.service.ts';
import { pricingRule } from '../checkout/fee-rules.repository.ts';
import { eventSigningKey } from '../tickets/ticket-issue.repository.ts';
import { readSaleContext, type SaleEvent, type SaleQuota, type SaleTicketType } from './sale-context.repository.ts';

// What an event's orders are priced and checked with, kept by each instance between orders (decision 018).
// It is a starting point, never the last word: the transaction that places an order refuses it when the
// event's `sale_version` or the fee rule in force has moved on (see saleGuardQuery), and the order is
// priced again from a fresh read.

export interface SaleContext {
  event: SaleEvent | null;
  types: SaleTicketType[];
  /** The event's quotas as read (decision 061): an order locks those its types share; their counts are not kept up. */
  quotas: SaleQuota[];
  /** Types with people on their waiting lists when read (decision 063); joining the first and offering the last move the event's sale_version. */
  waitingTypeIds: string[];
  signingKey: { private_key: string } | null;
  /**
   * The questions buyers answer, as read (decision 064). A change to them moves the event's sale_version, so an order
   * judged with questions as they were is refused by its transaction and judged again on a fresh read.
   */
  questions: CheckoutQuestion[];
  /** Until when answers may be corrected, as read (ISO), or null. */
  answersEditableUntil: string | null;
  /** The booking fee rules in force when read for the event's organiser, one per scope (`feeRuleFor` picks the order's). */
  rules: FeeRuleInForce[];
  /** The event's codes read so far by their text (null: the event has no such code), kept with the context. */
  codes: Map<string, DiscountCodeRow | null>;
  /** Read for this order, not kept from an earlier one. */
  fresh: boolean;
}

/** Codes one kept context remembers, at most (an event may have thousands; the ones in use are few). */
const keptCodes = 200;

/**
 * The event's code with this text as the context knows it: read once, then kept with the context. The order's
 * transaction refuses it if the code changed since (its version), and a refusal judged on a kept context is judged
 * again on a fresh one, so a kept code is never the last word either.
 */
export async function saleCode(db: Db, context: SaleContext, text: string): Promise<DiscountCodeRow | null> {
  const key = normaliseCode(text);
  const kept = context.codes.get(key);
  if (kept !== undefined) return kept;
  const row = context.event ? await codeForOrder(db, context.event.id, key) : null;
  if (context.codes.size >= keptCodes) context.codes.clear();
  context.codes.set(key, row);
  return row;
}

/** Events whose sale contexts one instance keeps, at most. */
const keptEvents = 500;
/** A kept context is read again after this long even if nothing refused it (it only bounds memory). */
const keptForMs = 10 * 60_000;

export type SaleContexts = BoundedCache<string, SaleContext>;
export const newSaleContexts = (): SaleContexts => new BoundedCache(keptEvents);

/** The event's sale context: the one this instance kept, or (when none is kept, or `fresh`) a new read. */
export async function saleContextOf(
  db: Db,
  contexts: SaleContexts,
  eventId: string,
  options: { fresh: boolean },
): Promise<SaleContext> {
  if (!options.fresh) {
    const kept = contexts.get(eventId);
    if (kept) return kept;
  }
  const row = await readSaleContext(db, eventId);
  const event = row.event
    ? { ...row.event, starts_at: new Date(row.event.starts_at), ends_at: new Date(row.event.ends_at) }
    : null;
  const rules = row.rules.map(toFeeRule);
  // An event on sale gets its signing key now, so every ticket of every kept checkout can be signed without a read.
  const signingKey =
    row.signingKey ?? (event?.status === 'published' ? { private_key: (await eventSigningKey(db, eventId)).private_key } : null);
  const context: SaleContext = {
    event,
    types: row.types,
    quotas: row.quotas,
    waitingTypeIds: row.waiting.map((entry) => entry.ticket_type_id),
    signingKey,
    questions: row.questions.map(toCheckoutQuestion),
    answersEditableUntil: editableUntil(row.questionSettings?.answers_editable_until),
    rules,
    codes: new Map(),
    fresh: true,
  };
  if (event) contexts.set(eventId, { ...context, fresh: false }, Date.now() + keptForMs);
  else contexts.delete(eventId);
  return context;
}

const editableUntil = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The rule that prices an order of the event in `currency` from the context's rules; `id` null when none does (no fee). */
export function saleFeeRule(
  context: Pick<SaleContext, 'rules' | 'event'>,
  currency: string,
): BookingFeeRule & { id: string | null } {
  return pricingRule(context.rules, currency, context.event?.organization_id ?? null);
}

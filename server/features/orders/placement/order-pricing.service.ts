import { randomUUID } from 'node:crypto';
import { codeAppliesTo } from '../../../../src/contract/discount-pricing.ts';
import type { CreateOrder } from '../../../../src/contract/orders.ts';
import { holdsType } from '../../../lib/capacity-quotas.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { inEventTime } from '../../../lib/mail/templates.ts';
import { type Counter, counterOf } from '../../../lib/rate-limiter.ts';
import { codeRefusal, codeRefused, type DiscountCodeRow, pricingCodeOf } from '../../promotions/discount-codes.service.ts';
import { checkedOrderAnswers, type KeptAnswer } from '../../questions/order-answers.service.ts';
import { findOrderByKey, type OrderRow } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import type { NetworkCount } from './network-counts.repository.ts';
import type { OfferForOrder } from './offer-stock.service.ts';
import { emailCodeLimits } from './order-limits.ts';
import type { NewItem } from './order-placement.repository.ts';
import type { Caller } from './order-request.ts';
import { checkItems, newReference, priced } from './order-request.ts';
import type { SaleEvent } from './sale-context.repository.ts';
import { type SaleContext, saleCode, saleContextOf, saleFeeRule } from './sale-context.service.ts';

// An order as the buyer asked for it, checked and priced with the event's sale context, ready to be placed
// (order-placement.service.ts).

/** The most a limit that is off may reach: a count no order gets to. */
export const noLimit = 0x7fffffff;

/** Whether the buyer's email is proven, and (when not) the network the order is counted against, if known. */
export interface BuyerProof {
  proven: boolean;
  network: string | null;
}

export interface PricedOrder {
  context: SaleContext;
  event: SaleEvent;
  row: OrderRow;
  /** The network's count this order adds to (see saleGuardQuery), or null. */
  network: NetworkCount | null;
  /** Priced as proven for a signed-in buyer: the guard checks the account's email. */
  proofExpected: boolean;
  items: NewItem[];
  itemRows: (Omit<NewItem, 'holder_names' | 'holder_emails'> & {
    order_id: string;
    holder_names: string[];
    holder_emails: string[];
  })[];
  reservations: NewItem[];
  requested: number;
  idempotency: { scope: string; key: string };
  /** The code the order uses, as it was priced (its version is checked when the order is placed), or null. */
  code: DiscountCodeRow | null;
  /** The quotas its ticket types share, in id order: locked before its stock is taken (decision 061). */
  quotaIds: string[];
  /** The waiting-list offer whose places the order takes (decision 063), or null. */
  offer: OfferForOrder | null;
  /** The answers to the event's questions, checked (decision 064): written with the order. */
  answers: KeptAnswer[];
}

/**
 * The order as the buyer asked for it, checked and priced with the event's sale context. A refusal judged on
 * a kept context is judged again on a fresh one (the event may have been published or changed meanwhile);
 * a request refused even then is answered with the order already placed under its key, if there is one.
 */
export async function priceOrder(
  deps: OrdersDeps,
  input: CreateOrder,
  idempotency: { scope: string; key: string; hash: string },
  caller: Caller,
  fresh: boolean,
  buyer: BuyerProof,
): Promise<PricedOrder | { repeat: { id: string; request_hash: string } }> {
  let context = await saleContextOf(deps.db, deps.saleContexts, input.eventId, { fresh });
  const offer = input.offer ? await offerOf(deps, input.eventId, input.offer) : null;
  for (;;) {
    try {
      const code = input.code ? await saleCode(deps.db, context, input.code) : null;
      return pricedOrder(deps, input, context, idempotency, caller, buyer, { code, offer });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (!context.fresh) {
        context = await saleContextOf(deps.db, deps.saleContexts, input.eventId, { fresh: true });
        continue;
      }
      const existing = await findOrderByKey(deps.db, idempotency.scope, idempotency.key);
      if (existing) return { repeat: existing };
      throw error;
    }
  }
}

function pricedOrder(
  deps: OrdersDeps,
  input: CreateOrder,
  context: SaleContext,
  idempotency: { scope: string; key: string; hash: string },
  caller: Caller,
  buyer: BuyerProof,
  { code, offer }: { code: DiscountCodeRow | null; offer: OfferForOrder | null },
): PricedOrder {
  const { event } = context;
  if (!event || event.status === 'draft') throw notFound('That event');
  if (event.status === 'cancelled') throw new HttpError('CONFLICT', 'This event is cancelled.');
  const now = new Date();
  if (event.ends_at <= now) throw new HttpError('CONFLICT', 'Ticket sales for this event have ended.');
  if (offer) checkOffer(offer, input, event.timezone, now);
  // While people wait for a type, the places that come back are theirs first (decision 063).
  const queued = input.items.find(
    (item) => context.waitingTypeIds.includes(item.ticketTypeId) && item.ticketTypeId !== offer?.ticketTypeId,
  );
  const queuedType = queued && context.types.find((type) => type.id === queued.ticketTypeId && !type.hidden);
  if (queuedType) {
    throw new HttpError(
      'CONFLICT',
      `${queuedType.name} tickets are sold out and people are waiting for them: join the waiting list to be offered places that come back.`,
    );
  }

  if (input.code !== undefined && input.code !== '') {
    const refusal = code ? codeRefusal(code, now) : 'unknown';
    if (refusal) throw codeRefused(refusal);
  }
  const lines = checkItems(input, context.types, now, code?.unlocks_ticket_type_ids);
  if (code) checkCodeFits(code, lines);
  // Answers are checked before anything is held: a missing or wrong one refuses the order, naming it.
  const answers = checkedOrderAnswers(
    context.questions,
    lines.map((line) => ({ ticketTypeId: line.type.id, quantity: line.quantity })),
    input.answers,
  );
  const currency = lines[0]?.type.currency ?? 'GBP';
  const { amounts, items, discount } = priced(
    saleFeeRule(context, currency),
    lines,
    input.attendees,
    code && pricingCodeOf(code),
  );
  const free = amounts.total === 0;
  // Free tickets are issued at once to a proven buyer only; anyone else's are held until the code is entered.
  const issuedNow = free && buyer.proven;
  const network = buyer.network === null ? null : networkCount(deps, buyer.network, free, input.buyer.email);
  const row: OrderRow = {
    id: randomUUID(),
    reference: newReference(),
    event_id: event.id,
    user_id: caller.userId,
    buyer_name: input.buyer.name,
    buyer_email: input.buyer.email,
    status: issuedNow ? 'paid' : 'pending',
    currency,
    subtotal: amounts.subtotal,
    discount,
    discount_code_id: code?.id ?? null,
    discount_code: code?.code ?? null,
    booking_fee: amounts.bookingFee,
    total: amounts.total,
    provider: free ? 'none' : deps.provider.name,
    hold_expires_at: issuedNow
      ? null
      : new Date(now.getTime() + (deps.holdSeconds ? deps.holdSeconds * 1000 : event.hold_minutes * 60_000)),
    idempotency_scope: idempotency.scope,
    idempotency_key: idempotency.key,
    request_hash: idempotency.hash,
    paid_at: issuedNow ? now : null,
    refunded: 0,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    network_prefix: network?.prefix ?? null,
    valid_tickets: 0,
    valid_price: 0,
    valid_fee: 0,
    valid_types: {},
    // What the buyer agrees to by paying governs their cancellation, whatever the organiser changes later (decision 068).
    refund_policy: event.refund_policy,
  };
  const written = items.map((item) => ({
    ...item,
    holder_names: JSON.stringify(item.holder_names),
    holder_emails: JSON.stringify(item.holder_emails),
  }));
  return {
    context,
    event,
    row,
    items: written,
    itemRows: items.map((item) => ({ ...item, order_id: row.id })),
    // The contended rows are locked last, in a fixed order, so the hot lock is held briefly and never deadlocks.
    reservations: [...written].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id)),
    requested: lines.reduce((sum, line) => sum + line.quantity, 0),
    idempotency: { scope: idempotency.scope, key: idempotency.key },
    network,
    // An offer's link came by mail to its email: the offer proves it, as a mailed code does.
    proofExpected: buyer.proven && caller.userId !== null && caller.trusted !== true && offer === null,
    code,
    offer,
    answers,
    quotaIds: context.quotas
      .filter((quota) => lines.some((line) => holdsType(quota, line.type.id)))
      .map((quota) => quota.id)
      .sort(),
  };
}

/** The offer whose secret the order came with: null refuses the order, as a code of another event would be. */
async function offerOf(deps: OrdersDeps, eventId: string, token: string): Promise<OfferForOrder> {
  const offer = deps.waitingOffers ? await deps.waitingOffers.find(deps.db, eventId, token) : null;
  if (!offer) {
    const message = 'This offer link is not one of this event’s: open it from the mail again.';
    throw new HttpError('CONFLICT', message, [{ path: 'body.offer', message }]);
  }
  return offer;
}

/** An order with an offer: still open, for its email, and of its ticket type, no more than it holds. */
function checkOffer(offer: OfferForOrder, input: CreateOrder, timezone: string, now: Date): void {
  if (offer.status === 'accepted') {
    throw new HttpError('CONFLICT', 'This offer has been used: its booking is in the mail we sent, or under My bookings.');
  }
  if (offer.status === 'waiting' || offer.status === 'unconfirmed') {
    throw new HttpError('CONFLICT', 'No places are offered to you yet: we will email you when they are.');
  }
  if (offer.status === 'left' || offer.status === 'removed') {
    throw new HttpError('CONFLICT', 'This place on the waiting list was given up, so its offer is no longer open.');
  }
  if (offer.status !== 'offered' || (offer.expiresAt !== null && offer.expiresAt <= now)) {
    const at = offer.expiresAt ? ` at ${inEventTime(offer.expiresAt, timezone)}` : '';
    throw new HttpError('CONFLICT', `This offer lapsed${at}; its places passed to the next person on the waiting list.`);
  }
  if (input.buyer.email !== offer.email) {
    const message = `Book with the email the offer was sent to (${offer.email}).`;
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.buyer.email', message }]);
  }
  const [item, ...others] = input.items;
  if (!item || others.length > 0 || item.ticketTypeId !== offer.ticketTypeId || item.quantity > offer.quantity) {
    const message = `This offer is for up to ${offer.quantity} ticket${offer.quantity === 1 ? '' : 's'} of the type it names, in an order of their own.`;
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.items', message }]);
  }
}

/** A code must do something for the tickets chosen: discount some of them, or have shown one of them. */
function checkCodeFits(code: DiscountCodeRow, lines: ReturnType<typeof checkItems>): void {
  const discounted = lines.filter((line) => codeAppliesTo(pricingCodeOf(code), line.type.id));
  const unlocked = lines.some((line) => code.unlocks_ticket_type_ids.includes(line.type.id));
  if (discounted.length === 0 && !unlocked) throw codeRefused('not_applicable');
  const eligible = discounted.reduce((sum, line) => sum + line.quantity, 0);
  if (discounted.length > 0 && code.min_quantity !== null && eligible < code.min_quantity) throw codeRefused('min_quantity');
}

/**
 * What an unproven buyer's order counts against its network: a free order's tickets (and its code mail), a
 * paid order's held tickets; null when the held tickets' limit is off.
 */
function networkCount(deps: OrdersDeps, prefix: string, free: boolean, email: string): NetworkCount | null {
  const limits = deps.networkLimits ?? { freeTickets: 0, heldTickets: 0 };
  if (!free) return limits.heldTickets ? { prefix, kind: 'paid', limit: limits.heldTickets, mail: null } : null;
  const withLimit = (rule: typeof emailCodeLimits.mailPerNetwork, subject: string): Counter & { limit: number } => ({
    ...counterOf(rule, subject),
    limit: rule.limit,
  });
  return {
    prefix,
    kind: 'free',
    limit: limits.freeTickets || noLimit,
    mail: {
      network: withLimit(emailCodeLimits.mailPerNetwork, prefix),
      recipient: withLimit(emailCodeLimits.mailPerRecipient, email),
    },
  };
}

import type { CreateOrder, Order } from '../../../../src/contract/orders.ts';
import { DatabaseUnavailableError } from '../../../db/connection-loss.ts';
import { pipelinedTransaction } from '../../../db/pipelined-transaction.ts';
import { refusalOf } from '../../../db/refusal.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { networkPrefix } from '../../../lib/network-prefix.ts';
import { type Counter, counterOf, enforceRateLimit } from '../../../lib/rate-limiter.ts';
import { codeUseQuery } from '../../promotions/discount-codes.service.ts';
import { answersInsertQuery, keptAnswersView } from '../../questions/order-answers.service.ts';
import { type CheckoutContext, insertPayment, type NewPayment } from '../checkout/checkout.repository.ts';
import { ensureCheckout, newCheckout } from '../checkout/checkout.service.ts';
import { expireLapsedHolds, orderAccessToken, presentOrders } from '../order-lifecycle.service.ts';
import { toOrder } from '../order-view.ts';
import { findOrderByKey, findOrderRow, policyText } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { issueQueries } from '../tickets/ticket-issue.repository.ts';
import { preparedTicketRows, prepareIssue, shortCodeTaken } from '../tickets/ticket-issue.service.ts';
import { newEmailCode } from './email-code.ts';
import { emailCodeQueries } from './email-proof.repository.ts';
import { emailCodeLimits, ordersPerAddress } from './order-limits.ts';
import {
  capacityConstraint,
  insertOrderQuery,
  lockBuyerQuery,
  lockQuotasQuery,
  quotaConstraint,
  reserveQuery,
  saleGuardQuery,
} from './order-placement.repository.ts';
import { noLimit, type PricedOrder, priceOrder } from './order-pricing.service.ts';
import { type Caller, requestHash } from './order-request.ts';
import { saleFeeRule } from './sale-context.service.ts';
import { maxTicketsPerBuyer, notEnoughLeft, refusedSale, violates } from './sale-refusals.service.ts';

async function answerRepeat(
  deps: OrdersDeps,
  existing: { id: string; request_hash: string },
  hash: string,
  origin: string,
): Promise<Order> {
  if (existing.request_hash !== hash) {
    throw new HttpError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
    );
  }
  await ensureCheckout(deps, existing.id, origin);
  return presentWithToken(deps, existing.id);
}

async function presentWithToken(deps: OrdersDeps, orderId: string): Promise<Order> {
  const row = await findOrderRow(deps.db, orderId);
  if (!row) throw notFound('That order');
  const [order] = await presentOrders(deps.db, [row], deps.imageUrl);
  return { ...(order as Order), accessToken: orderAccessToken(deps.secret, orderId) };
}

/** Tries at most this many times when what the order was priced with changed meanwhile (a `stale` refusal). */
const attemptsWhenStale = 3;
/** Places an order again at most this many times to count its network's tickets exactly (`network_recheck`). */
const networkRechecks = 5;
/** How long a network that had to be counted exactly takes its lock at once, on this instance. */
const crowdedForMs = 15 * 60_000;
/** Places an order again at most this many times when its connection was lost, and waits this long first. */
const lostConnectionRetries = 3;
const lostConnectionPauseMs = 300;

/**
 * Whose Idempotency-Keys a key is compared with: a signed-in buyer's own, or every guest's. Guests share one
 * scope so that a key sent again with another email is refused like any other changed body, not a second order.
 */
const keyScope = (userId: string | null) => (userId ? `user:${userId}` : 'guest');

/**
 * Holds (or, when free, sells) the tickets and answers with the order and where to pay. A repeat
 * with the same Idempotency-Key answers with the same order; the same key with another body is refused.
 * The order is priced from the event's sale context this instance kept (sale-context.service.ts), and placed in
 * one round trip: the buyer's lock, the checks that may refuse the sale (among them that the context is
 * still current, and the address's count), the writes and the COMMIT (see pipelinedTransaction and
 * saleGuardQuery). A stale context is read again and the order priced again.
 *
 * A buyer whose email is not proven (a guest, or an account buying for another email) is counted against
 * their network, and their free tickets are held until the code mailed to that email is entered (decision
 * 021). A signed-in buyer is priced as proven, and the guard checks it: refused, the order is priced again.
 */
export async function createOrder(deps: OrdersDeps, input: CreateOrder, idempotencyKey: string, caller: Caller): Promise<Order> {
  const scope = keyScope(caller.userId);
  const hash = requestHash(input);
  const network = caller.ip === undefined ? null : networkPrefix(caller.ip);
  const limited = network !== null && Boolean(deps.orderLimitPerAddress);
  const addressRule = ordersPerAddress(deps.orderLimitPerAddress ?? 0);
  const counter = limited ? { ...counterOf(addressRule, network as string), limit: addressRule.limit } : null;
  let releasedLapsed = false;
  // An offer from a waiting list came by mail to the buyer email, so it proves it (checked when the order is placed).
  let proven = caller.trusted === true || caller.userId !== null || input.offer !== undefined;
  // A network this instance saw near its limit takes its lock at once, sparing the order a refusal (see below).
  const crowded = network === null ? null : `${input.eventId}:${network}`;
  let lockNetwork = crowded !== null && deps.crowdedNetworks.get(crowded) === true;
  let rechecks = 0;
  let reconnects = 0;
  for (let attempt = 1; ; attempt += 1) {
    const buyer = { proven, network: proven ? null : network };
    const order = await priceOrder(deps, input, { scope, key: idempotencyKey, hash }, caller, attempt > 1, buyer);
    if ('repeat' in order) return answerRepeat(deps, order.repeat, hash, caller.origin);
    try {
      return await placeOrder(deps, order, caller, { counter, lockNetwork });
    } catch (error) {
      // The connection died with the order on its way, perhaps after its COMMIT went: placed again, under the
      // same key, it is either placed now or refused as a repeat and answered with the order that was committed.
      if (error instanceof DatabaseUnavailableError && reconnects < lostConnectionRetries) {
        reconnects += 1;
        await new Promise((resolve) => setTimeout(resolve, lostConnectionPauseMs * reconnects));
        continue;
      }
      const refusal = refusalOf(error);
      if (refusal?.reason === 'stale' && attempt < attemptsWhenStale) continue;
      // Its network's tickets must be counted exactly, under the network's lock: placed again with it. Orders of
      // the network placed meanwhile may ask for that a few times; past that, the network is taken to be full.
      if (refusal?.reason === 'network_recheck') {
        if (rechecks < networkRechecks) {
          rechecks += 1;
          lockNetwork = true;
          if (crowded) deps.crowdedNetworks.set(crowded, true, Date.now() + crowdedForMs);
          continue;
        }
        throw refusedSale(order.row.total === 0 ? 'network_free' : 'network_held', '');
      }
      if (refusal?.reason === 'unproven' && proven) {
        proven = false;
        continue;
      }
      if (refusal?.reason === 'repeat') {
        const winner = await findOrderByKey(deps.db, scope, idempotencyKey);
        if (winner) return answerRepeat(deps, winner, hash, caller.origin);
      }
      // Past the address's limit, or its mails': the 429 any rate limit answers.
      if (refusal?.reason === 'address_limit') enforceRateLimit(addressRule, addressRule.limit + 1);
      if (refusal?.reason === 'code_mail_limit') enforceRateLimit(emailCodeLimits.mailPerNetwork, noLimit);
      if (refusal) throw refusedSale(refusal.reason, refusal.detail);
      if (violates(error, '23514', capacityConstraint) || violates(error, '23514', quotaConstraint)) {
        // Lapsed holds still count as taken until they are settled: settle the event's, then try again once.
        if (!releasedLapsed) {
          releasedLapsed = true;
          if ((await expireLapsedHolds(deps.db, { eventId: input.eventId })) > 0) continue;
        }
        throw await notEnoughLeft(deps, order.event.id, order.reservations);
      }
      // The same key sent twice at once: the loser answers with the winner's order.
      if (violates(error, '23505', 'orders_idempotency_key')) {
        const winner = await findOrderByKey(deps.db, scope, idempotencyKey);
        if (winner) return answerRepeat(deps, winner, hash, caller.origin);
      }
      // A reference or a ticket's short code drawn twice: placed again, with new ones.
      if (violates(error, '23505', 'orders_reference_key') || shortCodeTaken(error)) continue;
      // An answer to a question deleted since the kept context was read: judged again on a fresh one.
      if (violates(error, '23503', 'order_answers_question_id_fkey') && attempt < attemptsWhenStale) continue;
      throw error;
    }
  }
}

/** Writes a priced order in one transaction (see createOrder) and answers with it, without reading it back. */
async function placeOrder(
  deps: OrdersDeps,
  order: PricedOrder,
  caller: Caller,
  limits: { counter: (Counter & { limit: number }) | null; lockNetwork: boolean },
): Promise<Order> {
  const { db } = deps;
  const { context, event, row, itemRows } = order;
  const free = row.status === 'paid';
  const paying = row.total > 0;
  const accessToken = orderAccessToken(deps.secret, row.id);
  // A free order is confirmed now: its tickets are signed and its mail written before the transaction.
  const prepared = free
    ? await prepareIssue(db, {
        order: row,
        items: itemRows,
        event,
        origin: caller.origin,
        imageUrl: deps.imageUrl,
        key: context.signingKey,
        secret: deps.secret,
      })
    : null;
  // Or held for a proven email: its code and the code's mail are written with it.
  const emailCode =
    !free && !paying
      ? newEmailCode(deps.secret, {
          orderId: row.id,
          email: row.buyer_email,
          token: accessToken,
          origin: caller.origin,
          event,
          holdExpiresAt: row.hold_expires_at as Date,
        })
      : null;
  // The sandbox opens its checkout without network I/O, so the checkout is written with the order.
  const localCheckout =
    paying && deps.provider.opensCheckoutLocally
      ? await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id, accessToken)
      : null;

  // A held order of one type (most orders) takes its stock in the statement that inserts it; a free one
  // takes it after its tickets are written.
  const [sole, ...others] = order.reservations;
  const stock = sole && others.length === 0 && !prepared ? { ticketTypeId: sole.ticket_type_id, quantity: sole.quantity } : null;
  const { refunded: _refunded, failure_reason: _reason, created_at: _created, updated_at: _updated, ...placed } = row;
  const answers = answersInsertQuery(db, row.id, order.answers);
  await pipelinedTransaction(db, (pipeline) =>
    pipeline.commit([
      lockBuyerQuery(db, event.id, row.buyer_email, limits.lockNetwork ? (order.network?.prefix ?? null) : null),
      saleGuardQuery(db, {
        eventId: event.id,
        email: row.buyer_email,
        userId: caller.userId,
        requested: order.requested,
        limit: maxTicketsPerBuyer,
        idempotency: order.idempotency,
        saleVersion: event.sale_version,
        fee: { currency: row.currency, organizationId: event.organization_id, ruleId: saleFeeRule(context, row.currency).id },
        counter: limits.counter,
        proofExpected: order.proofExpected,
        network: order.network,
        code: order.code && { id: order.code.id, version: order.code.version, perBuyer: order.code.max_uses_per_buyer },
      }),
      // After the guard's share lock on the event, which holds the event's quotas as the order was priced with them.
      ...(order.quotaIds.length > 0 ? [lockQuotasQuery(db, order.quotaIds)] : []),
      // An offer's places move to the order: the offer is taken (or the order refused), its hold given back, and the
      // order's stock taken next (decision 063).
      ...(order.offer && deps.waitingOffers
        ? [
            deps.waitingOffers.takeQuery(db, order.offer, row.id),
            reserveQuery(db, order.offer.ticketTypeId, -order.offer.quantity),
          ]
        : []),
      insertOrderQuery(db, { ...placed, refund_policy: policyText(row.refund_policy) }, order.items, {
        payment: localCheckout,
        stock,
      }),
      ...(answers ? [answers] : []),
      ...(prepared ? issueQueries(db, row, prepared) : []),
      ...(emailCode ? emailCodeQueries(db, row.id, emailCode) : []),
      ...(stock ? [] : order.reservations.map((item) => reserveQuery(db, item.ticket_type_id, item.quantity))),
      ...(order.code ? [codeUseQuery(db, order.code.id)] : []),
    ]),
  );

  let checkoutUrl = localCheckout?.checkout_url ?? null;
  if (localCheckout)
    deps.checkouts.set(localCheckout.session_id, keptCheckout(localCheckout, order), localCheckout.expires_at.getTime());
  if (paying && !localCheckout) {
    const payment = await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id, accessToken);
    await insertPayment(db, payment);
    checkoutUrl = payment.checkout_url;
  }
  // Answered from what was just written, without reading it back.
  const view = toOrder(
    row,
    { event, items: itemRows, tickets: prepared ? preparedTicketRows(row, prepared) : [], checkoutUrl },
    deps.imageUrl,
  );
  return {
    ...view,
    answers: keptAnswersView(order.answers),
    answersEditableUntil: context.answersEditableUntil,
    accessToken,
  };
}

/** What paying through a checkout placed with its order needs, as reading it back gives it (see CheckoutContext). */
function keptCheckout(payment: NewPayment, order: PricedOrder): CheckoutContext {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const { row, event } = order;
  return {
    id: payment.id,
    order_id: payment.order_id,
    status: 'open',
    session_id: payment.session_id,
    amount: payment.amount,
    currency: payment.currency,
    expires_at: payment.expires_at,
    order: {
      ...row,
      hold_expires_at: iso(row.hold_expires_at),
      paid_at: iso(row.paid_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
    items: [...order.itemRows].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id)),
    event: { ...event, starts_at: event.starts_at.toISOString(), ends_at: event.ends_at.toISOString() },
    key: order.context.signingKey,
  };
}

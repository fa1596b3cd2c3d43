import type { Order } from '../../../../src/contract/orders.ts';
import { sameSecret } from '../../../lib/auth/secrets.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import { networkPrefix } from '../../../lib/network-prefix.ts';
import { consumeRateLimit } from '../../../lib/rate-limiter.ts';
import { endHold, expireOrder, orderAccessToken, presentOrders } from '../order-lifecycle.service.ts';
import { awaitsEmailCode } from '../order-view.ts';
import { findOrderRow, itemsOf, lockOrder, type OrderRow, orderEventsOf } from '../orders.repository.ts';
import { buyersOrder, type OrdersDeps } from '../orders.service.ts';
import { issuePrepared } from '../tickets/ticket-issue.repository.ts';
import { prepareIssue, shortCodeTaken } from '../tickets/ticket-issue.service.ts';
import { emailCodeHash, newEmailCode } from './email-code.ts';
import {
  codeMailEventOf,
  countWrongCodeTry,
  findEmailCode,
  markEmailProven,
  replaceEmailCode,
} from './email-proof.repository.ts';
import { emailCodeLimits, maxWrongCodeTries } from './order-limits.ts';

// A free order from a buyer whose email is not proven waits for the code mailed to that email (decision 021):
// entering it issues the tickets, and the buyer may ask for a new one. Placing such an order is in
// order-placement.service.ts, the code and its mail in email-code.ts.

export interface CodeCaller {
  userId: string | null;
  ip: string;
  origin: string;
}

const issued = (order: Pick<OrderRow, 'status'>) => order.status === 'paid' || order.status === 'partially_refunded';
const lapsed = (order: Pick<OrderRow, 'hold_expires_at'>) =>
  order.hold_expires_at !== null && new Date(order.hold_expires_at) <= new Date();

const holdEnded = () =>
  new HttpError('CONFLICT', 'This hold has ended and its tickets went back on sale. Book again to get a new code.');
const notWaiting = () => new HttpError('CONFLICT', 'This order is not waiting for an email code.');

async function present(deps: OrdersDeps, orderId: string): Promise<Order> {
  const row = await findOrderRow(deps.db, orderId);
  if (!row) throw notWaiting();
  const [order] = await presentOrders(deps.db, [row], deps.imageUrl);
  return order as Order;
}

/** The buyer's order if it still waits for its code; a lapsed hold is settled first. */
async function waitingOrder(deps: OrdersDeps, orderId: string, token: string | undefined, userId: string | null) {
  const order = await buyersOrder(deps, orderId, token, userId);
  if (awaitsEmailCode(order) && lapsed(order)) {
    await expireOrder(deps.db, orderId);
    throw holdEnded();
  }
  if (order.status === 'expired' || order.status === 'cancelled') throw holdEnded();
  return order;
}

/**
 * Proves the buyer email with the code mailed to it and issues the tickets, with their usual mail. Each try
 * counts against the network; a wrong one against the order too, whose tickets go back on sale after
 * `maxWrongCodeTries`. An order already confirmed answers with its tickets, so a repeat changes nothing.
 */
export async function confirmOrderEmail(
  deps: OrdersDeps,
  input: { orderId: string; token: string | undefined; code: string },
  caller: CodeCaller,
): Promise<Order> {
  await consumeRateLimit(deps.db, emailCodeLimits.triesPerNetwork, networkPrefix(caller.ip));
  const order = await waitingOrder(deps, input.orderId, input.token, caller.userId);
  if (issued(order)) return present(deps, order.id);
  if (!awaitsEmailCode(order)) throw notWaiting();
  const hash = emailCodeHash(deps.secret, order.id, input.code);
  const stored = await findEmailCode(deps.db, order.id);
  if (!stored || stored.wrong_tries >= maxWrongCodeTries || !sameSecret(stored.code_hash, hash)) {
    throw await wrongCode(deps, order.id);
  }

  // Signed before the transaction that issues them (see prepareIssue), from the event as it is now.
  const [items, [event]] = await Promise.all([itemsOf(deps.db, [order.id]), orderEventsOf(deps.db, [order.event_id])]);
  if (!event) throw notWaiting();
  const issue = async () => {
    const prepared = await prepareIssue(deps.db, {
      order,
      items,
      event,
      origin: caller.origin,
      imageUrl: deps.imageUrl,
      secret: deps.secret,
    });
    return deps.db.transaction().execute(async (trx) => {
      const locked = await lockOrder(trx, order.id);
      // Another confirmation of the same order got there first: its tickets are the answer.
      if (!locked || issued(locked)) return 'issued';
      if (!awaitsEmailCode(locked) || lapsed(locked)) return 'ended';
      // A new code asked for meanwhile replaces this one.
      const code = await findEmailCode(trx, order.id);
      if (!code || code.wrong_tries >= maxWrongCodeTries || !sameSecret(code.code_hash, hash)) return 'replaced';
      await issuePrepared(trx, locked, prepared);
      await markEmailProven(trx, order.id, prepared.paidAt);
      return 'issued';
    });
  };
  // A ticket's short code drawn twice (decision 052): issued again, with new ones.
  const outcome = await issue().catch((error: unknown) => (shortCodeTaken(error) ? issue() : Promise.reject(error)));
  if (outcome === 'ended') throw holdEnded();
  if (outcome === 'replaced') throw await wrongCode(deps, order.id);
  return present(deps, order.id);
}

/** Counts a wrong try at the order's code, and releases its tickets at the last one; the error to answer with. */
async function wrongCode(deps: OrdersDeps, orderId: string): Promise<HttpError> {
  const left = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    if (!locked || !awaitsEmailCode(locked)) return null;
    const tries = await countWrongCodeTry(trx, orderId);
    if (tries < maxWrongCodeTries) return maxWrongCodeTries - tries;
    await endHold(trx, locked, 'cancelled', 'The code was entered wrongly too many times.');
    return 0;
  });
  if (left === null) return holdEnded();
  if (left === 0) {
    return new HttpError(
      'CONFLICT',
      'That code was wrong too many times, so the tickets went back on sale. Book again to get a new code.',
    );
  }
  const message = `That code is not right. Check the latest email we sent and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`;
  return new HttpError('BAD_REQUEST', message, [{ path: 'body.code', message }]);
}

/**
 * Mails a new code for an order that waits for one (the old code stops working); counted against the
 * network and the recipient like the first, and at most `maxCodeMails` times per order.
 */
export async function sendOrderEmailCode(
  deps: OrdersDeps,
  input: { orderId: string; token: string | undefined },
  caller: CodeCaller,
): Promise<Order> {
  await consumeRateLimit(deps.db, emailCodeLimits.mailPerNetwork, networkPrefix(caller.ip));
  const order = await waitingOrder(deps, input.orderId, input.token, caller.userId);
  if (!awaitsEmailCode(order)) throw notWaiting();
  await consumeRateLimit(deps.db, emailCodeLimits.mailPerRecipient, order.buyer_email);
  const event = await codeMailEventOf(deps.db, order.event_id);
  if (!event) throw notWaiting();
  const code = newEmailCode(deps.secret, {
    orderId: order.id,
    email: order.buyer_email,
    token: orderAccessToken(deps.secret, order.id),
    origin: caller.origin,
    event,
    holdExpiresAt: new Date(order.hold_expires_at as Date),
  });
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.id);
    if (!locked || !awaitsEmailCode(locked) || lapsed(locked)) return 'ended';
    if (!(await replaceEmailCode(trx, order.id, code.hash))) return 'enough';
    await enqueueMail(trx, code.mail);
    return 'sent';
  });
  if (outcome === 'ended') throw holdEnded();
  if (outcome === 'enough') {
    throw new HttpError(
      'TOO_MANY_REQUESTS',
      'We have sent this code as often as we can. Check your spam folder, or book again when this hold ends.',
    );
  }
  return present(deps, order.id);
}

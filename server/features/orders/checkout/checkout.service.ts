import { randomUUID } from 'node:crypto';
import { HttpError } from '../../../lib/http-error.ts';
import { PaymentProviderError } from '../../../lib/payments/provider.ts';
import { expireOrder, orderAccessToken } from '../order-lifecycle.service.ts';
import { findOrderRow, holdingStatuses, itemsOf, type OrderRow, orderEventsOf } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { insertPayment, type NewPayment, openPaymentsOf, payoutAccountOf } from './checkout.repository.ts';

/**
 * Opens a checkout at the provider for a held order (network I/O for Stripe: never inside a
 * transaction). When the provider cannot be reached, the hold only blocks others: it ends now.
 */
export async function newCheckout(
  deps: OrdersDeps,
  order: OrderRow,
  items: { name: string; unit_price: number; quantity: number }[],
  origin: string,
  destinationAccount: string | null,
  token = orderAccessToken(deps.secret, order.id),
): Promise<NewPayment> {
  const query = (extra: Record<string, string> = {}) => new URLSearchParams({ orderId: order.id, token, ...extra }).toString();
  try {
    const session = await deps.provider.createCheckout({
      orderId: order.id,
      reference: order.reference,
      buyerEmail: order.buyer_email,
      currency: order.currency,
      lines: items.map((item) => ({ name: item.name, unitAmount: item.unit_price, quantity: item.quantity })),
      bookingFee: order.booking_fee,
      total: order.total,
      holdExpiresAt: new Date(order.hold_expires_at ?? Date.now()),
      successUrl: `${origin}/payment-success?${query()}`,
      cancelUrl: `${origin}/payment/order-error?${query({ reason: 'cancelled' })}`,
      destinationAccount,
    });
    return {
      id: randomUUID(),
      order_id: order.id,
      provider: deps.provider.name,
      session_id: session.sessionId,
      checkout_url: session.checkoutUrl,
      amount: order.total,
      currency: order.currency,
      expires_at: session.expiresAt,
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await expireOrder(deps.db, order.id, { release: 'The payment service could not be reached.' });
    throw new HttpError('SERVICE_UNAVAILABLE', 'Payment could not be started just now. Please try again in a moment.');
  }
}

/** A repeat whose first attempt committed but never got its checkout (a crash between the two) gets one now. */
export async function ensureCheckout(deps: OrdersDeps, orderId: string, origin: string) {
  const order = await findOrderRow(deps.db, orderId);
  // A free order held for its email's code is paid for with nothing.
  if (!order || !holdingStatuses.includes(order.status) || order.provider === 'none') return;
  if ((await openPaymentsOf(deps.db, [orderId])).length > 0) return;
  const [event] = await orderEventsOf(deps.db, [order.event_id]);
  const destination = event ? await payoutAccountOf(deps.db, event.organization_id) : null;
  await insertPayment(deps.db, await newCheckout(deps, order, await itemsOf(deps.db, [orderId]), origin, destination));
}

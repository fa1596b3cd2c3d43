import type { BookingFeeRule, Order } from '../../../src/contract/orders.ts';
import { can } from '../../../src/contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import type { ImageUrl } from '../../lib/storage/image-url.ts';
import type { AppleWalletConfig } from '../../lib/tickets/apple-wallet-settings.ts';
import type { GoogleWalletConfig } from '../../lib/tickets/google-wallet.ts';
import { memberRoleOf, organizationOfEvent } from '../organizations/organizations.service.ts';
import type { CheckoutContext } from './checkout/checkout.repository.ts';
import { currentFeeRule } from './checkout/fee-rules.repository.ts';
import { expireOrder, isOrderAccessToken, presentOrders } from './order-lifecycle.service.ts';
import { emailOfUser, findOrderRow, holdingStatuses, type OrderRow, orderEventsOf, ordersOfUser } from './orders.repository.ts';
import type { WaitingOffers } from './placement/offer-stock.service.ts';
import type { NetworkLimits } from './placement/order-limits.ts';
import { newSaleContexts, type SaleContexts } from './placement/sale-context.service.ts';

// Reading and releasing orders; placing one is in order-placement.service.ts.

export interface OrdersDeps {
  db: Db;
  /** Google Wallet's issuer, when the operator configured one: tickets get "save" links. */
  googleWallet?: GoogleWalletConfig | null;
  /** Apple Wallet's Pass Type ID certificate, when the operator configured one: tickets download as passes. */
  appleWallet?: AppleWalletConfig | null;
  /** The server secret: order access tokens derive from it. */
  secret: string;
  provider: PaymentProvider;
  imageUrl: ImageUrl;
  /** Overrides every event's hold minutes (ORDER_HOLD_SECONDS). */
  holdSeconds?: number | null;
  /** Orders one network may place in 15 minutes (ORDER_LIMIT_PER_ADDRESS); 0 or absent: no limit. */
  orderLimitPerAddress?: number;
  /** What unproven buyers may take of an event from one network (decision 021); absent: no limits. */
  networkLimits?: NetworkLimits;
  /** What this instance keeps between requests to save reads (see newOrderCaches). */
  saleContexts: SaleContexts;
  checkouts: KeptCheckouts;
  /** Events and networks (`eventId:prefix`) whose orders this instance saw counted exactly (decision 021). */
  crowdedNetworks: BoundedCache<string, true>;
  /** The waiting lists' offers, for orders placed with one (decision 063); absent, such orders are refused. */
  waitingOffers?: WaitingOffers;
}

/** Checkouts placed with their orders that one instance keeps for their payment, at most. */
const keptCheckouts = 5_000;
export type KeptCheckouts = BoundedCache<string, CheckoutContext>;

/** Networks near their limit one instance remembers, at most. */
const keptCrowdedNetworks = 10_000;

/**
 * Each instance's own caches for placing and paying for orders (decision 018): the events' sale contexts,
 * the checkouts it placed (by session id) until they are paid or their holds lapse, and the networks it saw
 * near their limit (decision 021). None is needed by another instance, and each is checked by the statement
 * that relies on it.
 */
export function newOrderCaches(): Pick<OrdersDeps, 'saleContexts' | 'checkouts' | 'crowdedNetworks'> {
  return {
    saleContexts: newSaleContexts(),
    checkouts: new BoundedCache(keptCheckouts),
    crowdedNetworks: new BoundedCache(keptCrowdedNetworks),
  };
}

/** Who may read an order: its buyer (account or access token) or the event's organisation (orders.read). */
async function canRead(deps: OrdersDeps, order: OrderRow, token: string | undefined, userId: string | null) {
  if (isOrderAccessToken(deps.secret, order.id, token)) return true;
  if (!userId) return false;
  if (await isBuyer(deps.db, order, userId)) return true;
  const [event] = await orderEventsOf(deps.db, [order.event_id]);
  return event ? can(await memberRoleOf(deps.db, event.organization_id, userId), 'orders.read') : false;
}

async function isBuyer(db: Db, order: OrderRow, userId: string) {
  if (order.user_id === userId) return true;
  const user = await emailOfUser(db, userId);
  return Boolean(user?.email_confirmed_at) && user?.email.toLowerCase() === order.buyer_email;
}

/** An order for its buyer or organiser; a lapsed hold is settled first so the answer is current. Others: 404. */
export async function getOrder(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
): Promise<Order> {
  let row = await findOrderRow(deps.db, orderId);
  if (!row || !(await canRead(deps, row, token, userId))) throw notFound('That order');
  if (await expireOrder(deps.db, orderId)) row = (await findOrderRow(deps.db, orderId)) ?? row;
  const [order] = await presentOrders(deps.db, [row], deps.imageUrl);
  return order as Order;
}

/** The order's row as stored, whoever asks (the admin console checks its own permissions); undefined when there is none. */
export function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return findOrderRow(db, orderId);
}

export async function myOrders(deps: OrdersDeps, userId: string): Promise<{ items: Order[] }> {
  const user = await emailOfUser(deps.db, userId);
  if (!user) throw notFound('That account');
  // An unconfirmed address proves nothing: only orders made while signed in are shown then.
  const email = user.email_confirmed_at ? user.email.toLowerCase() : `unconfirmed:${userId}`;
  let rows = await ordersOfUser(deps.db, userId, email);
  const lapsed = rows.filter(
    (row) => holdingStatuses.includes(row.status) && row.hold_expires_at && new Date(row.hold_expires_at) <= new Date(),
  );
  if (lapsed.length) {
    for (const row of lapsed) await expireOrder(deps.db, row.id);
    rows = await ordersOfUser(deps.db, userId, email);
  }
  return { items: (await presentOrders(deps.db, rows, deps.imageUrl)) as Order[] };
}

/** The order, for its buyer only (the access token, or the account that bought it); anyone else gets 404. */
export async function buyersOrder(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
): Promise<OrderRow> {
  const row = await findOrderRow(deps.db, orderId);
  const mine =
    row && (isOrderAccessToken(deps.secret, orderId, token) || (userId !== null && (await isBuyer(deps.db, row, userId))));
  if (!row || !mine) throw notFound('That order');
  return row;
}

/** The buyer gives up a held order: the tickets go back on sale now. */
export async function releaseOrder(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
): Promise<Order> {
  const row = await buyersOrder(deps, orderId, token, userId);
  if (!holdingStatuses.includes(row.status)) throw new HttpError('CONFLICT', 'This order is no longer on hold.');
  await expireOrder(deps.db, orderId, { release: 'You released this order.' });
  deps.checkouts.deleteWhere((checkout) => checkout.order_id === orderId);
  return getOrder(deps, orderId, token, userId);
}

/**
 * The rule that prices tickets in `currency` now (the public summary's arithmetic): the event's organiser's fee plan
 * when it has one, else the platform's; without an event, the platform's.
 */
export async function bookingFeeRule(
  deps: Pick<OrdersDeps, 'db'>,
  query: { currency?: string | undefined; event?: string | undefined },
): Promise<BookingFeeRule> {
  const organizationId = query.event ? await organizationOfEvent(deps.db, query.event) : null;
  if (query.event && organizationId === null) throw notFound('That event');
  const { id: _id, ...rule } = await currentFeeRule(deps.db, query.currency ?? 'GBP', organizationId);
  return rule;
}

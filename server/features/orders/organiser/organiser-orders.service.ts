import { decimalAmount } from '../../../../src/contract/money.ts';
import type { Order, OrderList, OrderListQuery, OrganizerOrder, RefundRequest } from '../../../../src/contract/orders.ts';
import { can, type Permission, rolesAllowed } from '../../../../src/contract/permissions.ts';
import type { Executor } from '../../../db/database.ts';
import { toCsv } from '../../../lib/csv.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { memberRoleOf } from '../../organizations/organizations.service.ts';
import { presentOrders } from '../order-lifecycle.service.ts';
import { findOrderRow, orderEventsOf } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { refundableTicketIds, refundWithKey } from '../refunds/refunds.service.ts';
import { eventSigningKey } from '../tickets/ticket-issue.repository.ts';
import {
  moneyTotals,
  orderHistoryRows,
  organisationOrderRows,
  revokedTicketsOf,
  testOrderCount,
} from './organiser-orders.repository.ts';

/** Members without the permission are told so (403); anyone else learns nothing about the organisation (404). */
async function requirePermission(
  deps: OrdersDeps,
  organizationId: string,
  userId: string,
  permission: Permission,
  doing: string,
) {
  const role = await memberRoleOf(deps.db, organizationId, userId);
  if (!role) throw notFound('That organisation');
  if (!can(role, permission)) throw new HttpError('FORBIDDEN', `Only ${rolesAllowed(permission)} can ${doing}.`);
  return role;
}

async function checkEventFilter(deps: OrdersDeps, organizationId: string, eventId: string | undefined) {
  if (!eventId) return;
  const [event] = await orderEventsOf(deps.db, [eventId]);
  if (event?.organization_id !== organizationId) throw notFound('That event');
}

export async function listOrganisationOrders(
  deps: OrdersDeps,
  userId: string,
  organizationId: string,
  query: OrderListQuery,
): Promise<OrderList> {
  await requirePermission(deps, organizationId, userId, 'orders.read', 'see orders and payments');
  await checkEventFilter(deps, organizationId, query.eventId);
  const { items, total } = await organisationOrderRows(deps.db, organizationId, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [orders, totals, testOrders] = await Promise.all([
    presentOrders(deps.db, items, deps.imageUrl),
    moneyTotals(deps.db, organizationId, query),
    testOrderCount(deps.db, organizationId, query),
  ]);
  return {
    items: orders.map(({ tickets: _tickets, ...order }) => order),
    totals,
    testOrders,
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** Every matching order as CSV (at most 10,000 rows), amounts in the currency's major unit. */
export async function organisationOrdersCsv(
  deps: OrdersDeps,
  userId: string,
  organizationId: string,
  query: OrderListQuery,
): Promise<string> {
  await requirePermission(deps, organizationId, userId, 'orders.read', 'export orders');
  await checkEventFilter(deps, organizationId, query.eventId);
  const { items } = await organisationOrderRows(deps.db, organizationId, query, { limit: 10_000, offset: 0 });
  const orders = await presentOrders(deps.db, items, deps.imageUrl);
  const money = decimalAmount;
  return toCsv(
    [
      'Reference',
      'Placed at',
      'Status',
      'Event',
      'Buyer',
      'Email',
      'Tickets',
      'Currency',
      'Subtotal',
      'Booking fee',
      'Total',
      'Refunded',
      'Test',
    ],
    orders.map((order) => [
      order.reference,
      order.createdAt,
      order.status,
      order.event.title,
      order.buyer.name,
      order.buyer.email,
      String(order.items.reduce((sum, item) => sum + item.quantity, 0)),
      order.currency,
      money(order.subtotal, order.currency),
      money(order.bookingFee, order.currency),
      money(order.total, order.currency),
      money(order.refunded, order.currency),
      // Paid in the sandbox: play money, to be left out of any sum made from this file.
      order.test ? 'yes' : 'no',
    ]),
  );
}

/** An order's history: placed, the provider's events, the ledger and the refunds, in time order. */
export async function orderHistory(db: Executor, order: Order): Promise<OrganizerOrder['history']> {
  const rows = await orderHistoryRows(db, order.id);
  const entries: OrganizerOrder['history'] = [
    { at: order.createdAt, kind: 'order.placed', amount: order.total, note: `Order ${order.reference} placed.` },
    ...rows.events.map((event) => ({
      at: new Date(event.received_at).toISOString(),
      kind: `payment.${event.outcome}`,
      amount: null,
      note: `Provider event ${event.type}.`,
    })),
    ...rows.ledger.map((entry) => ({
      at: new Date(entry.created_at).toISOString(),
      kind: `ledger.${entry.kind}`,
      amount: entry.amount,
      note: entry.note,
    })),
    ...rows.refunds.map((refund) => ({
      at: new Date(refund.completed_at ?? refund.created_at).toISOString(),
      kind: `refund.${refund.status}`,
      amount: refund.amount,
      note: refund.last_error ? `${refund.reason} (last error: ${refund.last_error})` : refund.reason,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** One order with its tickets and history, for the organisation that sold it. */
export async function organisationOrder(
  deps: OrdersDeps,
  userId: string,
  organizationId: string,
  orderId: string,
): Promise<OrganizerOrder> {
  await requirePermission(deps, organizationId, userId, 'orders.read', 'see orders');
  const row = await findOrderRow(deps.db, orderId);
  const [event] = row ? await orderEventsOf(deps.db, [row.event_id]) : [];
  if (!row || event?.organization_id !== organizationId) throw notFound('That order');
  const [order] = (await presentOrders(deps.db, [row], deps.imageUrl)) as Order[];
  if (!order) throw notFound('That order');
  const [history, refundable] = await Promise.all([orderHistory(deps.db, order), refundableTicketIds(deps.db, order)]);
  return { ...order, history, refundableTicketIds: refundable };
}

/** Refunds a whole order or some of its tickets (owners and finance), once per Idempotency-Key. */
export async function refundOrder(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  input: RefundRequest,
  idempotencyKey: string,
  origin: string,
): Promise<OrganizerOrder> {
  const row = await findOrderRow(deps.db, orderId);
  const [event] = row ? await orderEventsOf(deps.db, [row.event_id]) : [];
  if (!row || !event) throw notFound('That order');
  const role = await memberRoleOf(deps.db, event.organization_id, userId);
  if (!can(role, 'orders.read')) {
    if (role) throw new HttpError('FORBIDDEN', `Only ${rolesAllowed('orders.refund')} can refund orders.`);
    throw notFound('That order');
  }
  if (!can(role, 'orders.refund')) throw new HttpError('FORBIDDEN', `Only ${rolesAllowed('orders.refund')} can refund orders.`);

  // The organiser's reason is written for the buyer: the dialog says it is sent to them.
  const asked = { ...input, buyerNote: input.reason };
  await refundWithKey(deps, { orderId, input: asked, by: 'organiser', idempotencyKey, actorId: userId, origin });
  return organisationOrder(deps, userId, event.organization_id, orderId);
}

/** The event's public keys and revoked tickets, for checking codes offline at the door (any member). */
export async function ticketKeys(deps: OrdersDeps, userId: string, eventId: string) {
  const [event] = await orderEventsOf(deps.db, [eventId]);
  const role = event ? await memberRoleOf(deps.db, event.organization_id, userId) : null;
  if (!event || !can(role, 'events.read')) throw notFound('That event');
  // Made now if the event has sold nothing yet, so door devices can be ready before the first sale.
  const key = await eventSigningKey(deps.db, eventId);
  const revoked = await revokedTicketsOf(deps.db, eventId);
  return { keys: [{ keyId: key.id, publicKey: key.public_key }], revoked: revoked.map((row) => row.ticket_id) };
}

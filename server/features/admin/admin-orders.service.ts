import {
  type AdminOrder,
  type AdminOrderPage,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminRefund,
  orderReadPermissions,
} from '../../../src/contract/admin-sales.ts';
import { isTestOrder, type Order } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { presentOrders } from '../orders/order-lifecycle.service.ts';
import { findOrder, type OrdersDeps } from '../orders/orders.service.ts';
import { orderHistory } from '../orders/organiser/organiser-orders.service.ts';
import { refundableTicketIds, refundWithKey } from '../orders/refunds/refunds.service.ts';
import { resendValidTickets } from '../orders/tickets/ticket-changes.service.ts';
import { requireAnyPermission, requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { auditEntries, iso, isoOrNull, typedReference } from './admin-audit.service.ts';
import { mailsOfOrder, organisationNameOfEvent, searchOrders } from './admin-orders.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

// The administrators' orders (payments.read or orders.refund): found, read with their history, mails and audit trail,
// refunded and sent again, through the orders domain's services. Tickets are admin-tickets.service.ts's.

const DAY_MS = 24 * 3600 * 1000;

/** A bare day is a whole UTC day: `from` its start, `to` its end. */
const boundary = (value: string | undefined, end: boolean) => {
  if (!value) return undefined;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return end && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(at.getTime() + DAY_MS) : at;
};

type OrderListRow = Omit<Awaited<ReturnType<typeof searchOrders>>[number], 'position_at'>;
const toOrderRow = (row: OrderListRow): AdminOrderRow => ({
  id: row.id,
  reference: row.reference,
  status: row.status,
  buyerName: row.buyer_name,
  buyerEmail: row.buyer_email,
  eventId: row.event_id,
  eventTitle: row.event_title,
  currency: row.currency,
  total: row.total,
  refunded: row.refunded,
  test: isTestOrder(row),
  createdAt: iso(row.created_at),
});

function orderFilter(query: AdminOrdersQuery) {
  const q = query.q?.trim();
  return {
    ...(q ? (q.includes('@') ? { email: q } : { reference: typedReference(q) }) : {}),
    status: query.status,
    eventId: query.eventId,
    from: boundary(query.from, false),
    to: boundary(query.to, true),
    oldestFirst: query.sort === 'oldest',
  };
}

/** Orders across the platform (payments.read or orders.refund), newest first. */
export async function listOrders(
  db: Db,
  caller: AccessClaims,
  query: AdminOrdersQuery,
  size = adminPageSize,
): Promise<AdminOrderPage> {
  await requireAnyPermission(db, caller, orderReadPermissions);
  const rows = await searchOrders(db, orderFilter(query), decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return { items: page.items.map(toOrderRow), next: page.next };
}

/** One order with its tickets, payments and refunds (history), the mails sent about it and its audit trail. */
export async function adminOrder(deps: OrdersDeps, caller: AccessClaims, orderId: string): Promise<AdminOrder> {
  await requireAnyPermission(deps.db, caller, orderReadPermissions);
  const row = await findOrder(deps.db, orderId);
  if (!row) throw notFound('That order');
  const [order] = (await presentOrders(deps.db, [row], deps.imageUrl)) as Order[];
  if (!order) throw notFound('That order');
  const [history, refundable, mails, audit, organisation] = await Promise.all([
    orderHistory(deps.db, order),
    refundableTicketIds(deps.db, order),
    mailsOfOrder(deps.db, row),
    auditEntries(deps.db, 'order', orderId),
    organisationNameOfEvent(deps.db, row.event_id),
  ]);
  return {
    ...order,
    history,
    refundableTicketIds: refundable,
    organisationName: organisation?.name ?? '',
    mails: mails.map((mail) => ({
      at: iso(mail.created_at),
      subject: mail.subject,
      to: mail.to_address,
      sentAt: isoOrNull(mail.sent_at),
      lastError: mail.last_error,
    })),
    audit,
  };
}

/**
 * Refunds a whole order or some of its tickets with a reason (orders.refund, recent sign-in), once per
 * Idempotency-Key: the organisers' refund, carried out at the provider and recorded with before → after.
 */
export async function adminRefund(
  deps: OrdersDeps,
  caller: AccessClaims,
  orderId: string,
  input: AdminRefund,
  idempotencyKey: string,
  origin: string,
): Promise<AdminOrder> {
  const actorId = await requireSensitivePermission(deps.db, caller, 'orders.refund');
  if (!(await findOrder(deps.db, orderId))) throw notFound('That order');
  // The reason is the administrators' own record; only a message written for the buyer reaches them.
  const { messageToBuyer, ...asked } = input;
  await refundWithKey(deps, {
    orderId,
    input: { ...asked, buyerNote: messageToBuyer },
    by: 'admit',
    idempotencyKey: `admin:${idempotencyKey}`,
    actorId,
    origin,
  });
  return adminOrder(deps, caller, orderId);
}

/** Sends the buyer their valid tickets again (orders.refund), recorded. */
export async function resendTickets(
  deps: OrdersDeps,
  caller: AccessClaims,
  orderId: string,
  origin: string,
): Promise<AdminOrder> {
  const actorId = await requirePermission(deps.db, caller, 'orders.refund');
  await resendValidTickets(deps, { orderId, actorId, origin });
  return adminOrder(deps, caller, orderId);
}

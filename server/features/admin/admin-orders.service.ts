import type { AuditEntry } from '../../../src/contract/admin.ts';
import {
  type AdminOrder,
  type AdminOrderPage,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminRefund,
  type AdminTicket,
  type AdminTicketPage,
  type AdminTicketRow,
  orderReadPermissions,
} from '../../../src/contract/admin-sales.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import { isTestOrder, type Order, orderReferenceOf } from '../../../src/contract/orders.ts';
import { normalizeShortTicketCode } from '../../../src/contract/short-ticket-code.ts';
import { decodeTicketCode, looksLikeTicketCode } from '../../../src/contract/ticket-code.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { presentOrders } from '../orders/order-lifecycle.service.ts';
import { findOrder, type OrdersDeps } from '../orders/orders.service.ts';
import { orderHistory } from '../orders/organiser/organiser-orders.service.ts';
import { refundableTicketIds, refundWithKey } from '../orders/refunds/refunds.service.ts';
import { renameTicketHolder, resendValidTickets, voidValidTicket } from '../orders/tickets/ticket-changes.service.ts';
import { requireAnyPermission, requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import {
  auditOf,
  checkinsOf,
  findTicketRow,
  mailsOfOrder,
  organisationNameOfEvent,
  revocationOf,
  searchOrders,
  searchTickets,
} from './admin-orders.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const DAY_MS = 24 * 3600 * 1000;

/** A bare day is a whole UTC day: `from` its start, `to` its end. */
const boundary = (value: string | undefined, end: boolean) => {
  if (!value) return undefined;
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return end && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(at.getTime() + DAY_MS) : at;
};

/** A reference as typed (any case, with or without its dash) as stored; other text as it is, in capitals. */
const reference = (text: string) => orderReferenceOf(text) ?? text.trim().toUpperCase();

export async function auditEntries(db: Executor, subjectType: string, subjectId: string): Promise<AuditEntry[]> {
  const rows = await auditOf(db, subjectType, subjectId);
  return rows.map((row) => ({
    id: row.id,
    at: iso(row.created_at),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    details: row.details,
  }));
}

// --- orders ------------------------------------------------------------------------------------------

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
    ...(q ? (q.includes('@') ? { email: q } : { reference: reference(q) }) : {}),
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

// --- tickets -----------------------------------------------------------------------------------------

type TicketListRow = Omit<Awaited<ReturnType<typeof searchTickets>>[number], 'position_at'>;
const toTicketRow = (row: TicketListRow): AdminTicketRow => ({
  id: row.id,
  holderName: row.holder_name,
  typeName: row.type_name,
  status: row.status,
  voidedAt: isoOrNull(row.voided_at),
  refundedAt: isoOrNull(row.refunded_at),
  eventId: row.event_id,
  eventTitle: row.event_title,
  orderId: row.order_id,
  reference: row.reference,
  buyerEmail: row.buyer_email,
  test: isTestOrder(row),
  createdAt: iso(row.created_at),
});

/** What the search words name: a scanned or typed code, a short code, a ticket id, an order reference, or a holder. */
function ticketFilter(q: string | undefined) {
  const text = q?.trim();
  if (!text) return {};
  // A reference first: one may begin like a code ("AD3K-…"), and a code is never nine characters long.
  if (/^[A-Z0-9]{4}-[A-Z0-9]{4}$/i.test(text)) return { reference: reference(text) };
  // Typed without its dash, a reference reads like a word: look for either (the filter joins them with "or").
  const typed = orderReferenceOf(text);
  if (typed) return { reference: typed, holder: text };
  // A short code is nine characters, a reference eight, and a name never holds a digit from 2 to 9 (decision 052).
  const shortCode = normalizeShortTicketCode(text);
  if (shortCode) return { shortCode };
  if (looksLikeTicketCode(text)) {
    const decoded = decodeTicketCode(text);
    // A code that does not read names no ticket: an impossible id finds nothing.
    return { ticketId: decoded.ok ? decoded.payload.ticketId : '00000000-0000-0000-0000-000000000000' };
  }
  if (isUuid(text)) return { ticketId: text.toLowerCase() };
  return { holder: text };
}

export async function listTickets(
  db: Db,
  caller: AccessClaims,
  query: { q?: string; after?: string },
  size = adminPageSize,
): Promise<AdminTicketPage> {
  await requirePermission(db, caller, 'tickets.void');
  const rows = await searchTickets(db, ticketFilter(query.q), decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return { items: page.items.map(toTicketRow), next: page.next };
}

/** A ticket with every scan of it, from every door device, and its audit trail. */
export async function adminTicket(db: Db, caller: AccessClaims, ticketId: string): Promise<AdminTicket> {
  await requirePermission(db, caller, 'tickets.void');
  const row = await findTicketRow(db, ticketId);
  if (!row) throw notFound('That ticket');
  const [revocation, checkins, audit] = await Promise.all([
    revocationOf(db, ticketId),
    checkinsOf(db, ticketId),
    auditEntries(db, 'ticket', ticketId),
  ]);
  return {
    ...toTicketRow(row),
    revokedReason: revocation?.reason ?? null,
    checkins: checkins.map((scan) => ({
      id: scan.id,
      kind: scan.kind,
      scannedAt: iso(scan.scanned_at),
      receivedAt: iso(scan.received_at),
      deviceId: scan.device_id,
      deviceName: scan.device_name,
      scannedBy: scan.scanned_by,
      direction: scan.direction,
      manual: scan.manual,
      result: scan.result,
      offlineResult: scan.offline_result,
    })),
    audit,
  };
}

/**
 * Voids a ticket with a reason (tickets.void, recent sign-in). The door answers `voided` online from the next scan,
 * and devices learn it with their next scan data download (the ticket is in the changes, marked voided).
 */
export async function voidTicket(db: Db, caller: AccessClaims, ticketId: string, reason: string): Promise<AdminTicket> {
  const actorId = await requireSensitivePermission(db, caller, 'tickets.void');
  await voidValidTicket(db, { ticketId, reason, actorId });
  return adminTicket(db, caller, ticketId);
}

/**
 * Reissues a ticket to a corrected holder name (tickets.void, recent sign-in): its code and its short code stay (they
 * name the ticket, not the person; decision 052), door devices get the new name with their next download, and the
 * buyer gets the ticket again by mail.
 */
export async function reissueTicket(
  deps: OrdersDeps,
  caller: AccessClaims,
  ticketId: string,
  input: { holderName: string; reason: string },
  origin: string,
): Promise<AdminTicket> {
  const actorId = await requireSensitivePermission(deps.db, caller, 'tickets.void');
  const before = await findTicketRow(deps.db, ticketId);
  if (!before) throw notFound('That ticket');
  if (before.status !== 'valid') throw new HttpError('CONFLICT', 'A void ticket cannot be reissued.');
  await renameTicketHolder(deps, {
    ticket: { id: ticketId, order_id: before.order_id, holder_name: before.holder_name },
    holderName: input.holderName,
    reason: input.reason,
    actorId,
    origin,
  });
  return adminTicket(deps.db, caller, ticketId);
}

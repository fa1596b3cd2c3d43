import type { AdminTicket, AdminTicketPage, AdminTicketRow } from '../../../src/contract/admin-sales.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import { isTestOrder, orderReferenceOf } from '../../../src/contract/orders.ts';
import { normalizeShortTicketCode } from '../../../src/contract/short-ticket-code.ts';
import { decodeTicketCode, looksLikeTicketCode } from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { renameTicketHolder, voidValidTicket } from '../orders/tickets/ticket-changes.service.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { auditEntries, iso, isoOrNull, typedReference } from './admin-audit.service.ts';
import { adminPageSize } from './admin-page-size.ts';
import { checkinsOf, findTicketRow, revocationOf, searchTickets } from './admin-tickets.repository.ts';

// The administrators' tickets (tickets.void): found by code, order or holder, with every scan, voided or reissued.
// Every change goes through the orders domain's ticket services.

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
  if (/^[A-Z0-9]{4}-[A-Z0-9]{4}$/i.test(text)) return { reference: typedReference(text) };
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

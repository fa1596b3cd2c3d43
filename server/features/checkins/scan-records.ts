/**
 * The check-in log's building blocks shared by the online and offline paths: reading a ticket's door state,
 * the verdict that needs no admission, the log row of a scan, and answering a repeat of a recorded scan.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { CheckinRequest, CheckinResponse, CheckinResult } from '../../../src/contract/checkins.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import { normalizeTicketCode } from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { DoorAccess } from './door-access.ts';
import type { Identified } from './identify-scan.ts';
import type { ScanTime } from './scan-clock.ts';

const PAID_ORDER = new Set(['paid', 'partially_refunded']);

/**
 * Whoever decides a ticket's admission holds its door lock until commit: the online batch (for each of its
 * tickets, in lock order), an offline upload and an undo. An advisory lock: taking it writes nothing.
 */
export const DOOR_LOCK_CLASS = 6006;
export const doorLock = (ticketId: string) => sql`select pg_advisory_xact_lock(${DOOR_LOCK_CLASS}, hashtext(${ticketId}))`;

/** Codes are never stored: the log keeps a 12-character hash of what was scanned. */
export const codeHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** What the door shows of a ticket, as read with it. */
export interface TicketFacts {
  id: string;
  event_id: string;
  ticket_type_id: string;
  holder_name: string;
  type_name: string;
  reference: string;
  /** Its order was paid in the sandbox: a TEST ticket. */
  test: boolean;
}

export interface TicketState extends TicketFacts {
  status: 'valid' | 'voided';
  code: string;
  order_status: string;
  revoked: boolean;
  a_checkin_id: string | null;
  a_scanned_at: Date | string | null;
  a_device_id: string | null;
  a_device_name: string | null;
  a_inside: boolean | null;
  a_moved_at: Date | string | null;
}

export interface LoggedScan {
  id: string;
  ticket_id: string | null;
  result: CheckinResult;
  duplicate: boolean;
}

export async function readTicket(db: Db | Transaction<Database>, ticketId: string, lock = false): Promise<TicketState | null> {
  const { rows } = await sql<TicketState>`
    select t.id, t.event_id, t.status, t.code, t.ticket_type_id, t.holder_name, tt.name as type_name,
           o.reference, o.status as order_status, o.provider = ${TEST_PROVIDER} as test,
           exists (select 1 from ticket_revocations r where r.ticket_id = t.id) as revoked,
           a.checkin_id as a_checkin_id, a.scanned_at as a_scanned_at, a.device_id as a_device_id,
           a.device_name as a_device_name, a.inside as a_inside, a.moved_at as a_moved_at
      from tickets t
      join orders o on o.id = t.order_id
      join ticket_types tt on tt.id = t.ticket_type_id
      left join ticket_admissions a on a.ticket_id = t.id
     where t.id = ${ticketId}
     ${lock ? sql`for update of t` : sql``}`.execute(db);
  return rows[0] ?? null;
}

export async function findLogged(
  db: Db | Transaction<Database>,
  deviceId: string,
  clientScanId: string,
): Promise<LoggedScan | null> {
  const row = await db
    .selectFrom('checkins')
    .select(['id', 'ticket_id', 'result', 'duplicate'])
    .where('device_id', '=', deviceId)
    .where('client_scan_id', '=', clientScanId)
    .where('kind', '=', 'scan')
    .executeTakeFirst();
  return row ? { ...row, result: row.result as CheckinResult } : null;
}

/** The verdict that needs no admission: anything but "this ticket may come in". */
export function staticVerdict(access: DoorAccess, found: Identified, ticket: TicketState | null): CheckinResult | 'admissible' {
  if (found.kind === 'none') return found.result;
  // An id from another event (manual entry) is as unknown here as one that does not exist.
  if (!ticket || ticket.event_id !== access.eventId) return 'invalid';
  if (ticket.status === 'voided' || ticket.revoked || (found.code !== null && found.code !== ticket.code)) return 'voided';
  if (!PAID_ORDER.has(ticket.order_status)) return 'unpaid';
  if (ticket.test && !access.event.testMode) return 'test_ticket';
  if (found.window !== 'valid') return found.window;
  return 'admissible';
}

export const iso = (value: Date | string) => new Date(value).toISOString();

export function ticketView(ticket: TicketFacts | null, access: DoorAccess): CheckinResponse['ticket'] {
  if (!ticket || ticket.event_id !== access.eventId) return null;
  return {
    id: ticket.id,
    ticketTypeId: ticket.ticket_type_id,
    typeName: ticket.type_name,
    holderName: ticket.holder_name,
    orderReference: ticket.reference,
    test: ticket.test,
  };
}

export async function firstCheckIn(db: Db, ticketId: string): Promise<CheckinResponse['firstCheckIn']> {
  const row = await db
    .selectFrom('ticket_admissions')
    .select(['scanned_at', 'device_id', 'device_name'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  return row ? { at: iso(row.scanned_at), deviceId: row.device_id, deviceName: row.device_name } : null;
}

/** What a repeat of an already recorded scan answers. */
export async function replay(db: Db, access: DoorAccess, logged: LoggedScan): Promise<CheckinResponse> {
  const ticket = logged.ticket_id ? await readTicket(db, logged.ticket_id) : null;
  return {
    result: logged.result,
    ticket: ticketView(ticket, access),
    firstCheckIn: logged.result === 'already_used' && logged.ticket_id ? await firstCheckIn(db, logged.ticket_id) : null,
    duplicate: logged.duplicate,
  };
}

export interface ScanRow {
  id: string;
  event_id: string;
  ticket_id: string | null;
  device_id: string;
  client_scan_id: string;
  user_id: string;
  device_name: string;
  direction: 'in' | 'out';
  manual: boolean;
  scanned_at: Date;
  result: CheckinResult;
  offline_result: string | null;
  duplicate: boolean;
  code_hash: string;
  clock_suspect: boolean;
  device_scanned_at: Date | null;
}

/** The scan's log row, timed as the server judged it (scan-clock.ts). */
export function scanRow(
  access: DoorAccess,
  scan: CheckinRequest,
  ticketId: string | null,
  result: CheckinResult,
  time: ScanTime,
): ScanRow {
  return {
    id: randomUUID(),
    event_id: access.eventId,
    ticket_id: ticketId,
    device_id: scan.deviceId,
    client_scan_id: scan.clientScanId,
    user_id: access.userId,
    device_name: access.scannerName,
    direction: scan.direction,
    manual: scan.manual,
    scanned_at: time.at,
    result,
    offline_result: scan.offlineResult ?? null,
    duplicate: false,
    code_hash: codeHash(normalizeTicketCode(scan.code)),
    clock_suspect: time.suspect,
    device_scanned_at: time.claimed,
  };
}

/** Records a scan that admits nobody; a concurrent repeat of it answers the first. */
export async function logOnly(db: Db, access: DoorAccess, row: ScanRow, ticket: TicketFacts | null): Promise<CheckinResponse> {
  const inserted = await db
    .insertInto('checkins')
    .values(row)
    // The partial index's condition written out, not a parameter: a prepared statement must name its arbiter index.
    .onConflict((oc) => oc.columns(['device_id', 'client_scan_id']).where(sql<boolean>`kind = 'scan'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const logged = await findLogged(db, row.device_id, row.client_scan_id);
    if (logged) return replay(db, access, logged);
  }
  return { result: row.result, ticket: ticketView(ticket, access), firstCheckIn: null, duplicate: false };
}

/**
 * Check-ins: the server's verdict on a scan, decided atomically, and the append-only log of every scan.
 *
 * - Online (`checkIn`): the code's signature, event, revocation, payment and validity window are checked in
 *   memory and from one read; the admission is one statement (INSERT … ON CONFLICT on ticket_admissions, the log
 *   row and tickets.checked_in_at together), so of two devices scanning a ticket at once exactly one admits it.
 * - Offline uploads (`uploadBatch`): each scan in its own short transaction with the ticket's admission locked;
 *   the earliest `scannedAt` is the admission — an earlier scan arriving later takes it over and the scan that
 *   held it is flagged duplicate; a later one is recorded and flagged duplicate when its device let the person in.
 * - A repeat of a scan (same deviceId and clientScanId) answers what was decided the first time.
 * Codes are never logged or stored in full: the log keeps a 12-character hash of what was scanned.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  CHECKIN_UNDO_WINDOW_MS,
  type CheckinRequest,
  type CheckinResponse,
  type CheckinResult,
  type CheckinStats,
  type UndoCheckinResult,
} from '../../../src/contract/checkins.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import {
  decodeTicketCode,
  looksLikeTicketCode,
  normalizeTicketCode,
  ticketValidityAt,
} from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError } from '../../lib/http-error.ts';
import { verifyTicketCodeNow } from '../../lib/tickets/verify-ticket-code.ts';
import { can } from '../organizations/permissions.ts';
import { type DoorAccess, publicKeysOfEvent } from './door-access.ts';

/** Clock skew allowed around a ticket's validity window. */
const VALIDITY_TOLERANCE_MS = 5 * 60 * 1000;
const PAID_ORDER = new Set(['paid', 'partially_refunded']);

export const codeHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** What a scanned text names, before the database is asked. */
type Identified =
  | { kind: 'none'; result: CheckinResult }
  | { kind: 'ticket'; ticketId: string; code: string | null; window: 'valid' | 'not_yet_valid' | 'expired' };

/** Reads a scanned text: a signed code of this event (verified), of another event, or a ticket id (manual). */
async function identify(db: Db, access: DoorAccess, text: string, at: Date): Promise<Identified> {
  const trimmed = text.trim();
  if (isUuid(trimmed)) return { kind: 'ticket', ticketId: trimmed.toLowerCase(), code: null, window: 'valid' };
  if (!looksLikeTicketCode(trimmed)) return { kind: 'none', result: 'invalid' };
  const decoded = decodeTicketCode(trimmed);
  if (!decoded.ok) return { kind: 'none', result: 'invalid' };
  if (decoded.payload.eventId !== access.eventId) {
    // Genuine only if that event's key signed it; a made-up code naming another event is simply invalid.
    const otherKeys = await publicKeysOfEvent(db, decoded.payload.eventId);
    const verdict = otherKeys.length ? verifyTicketCodeNow(trimmed, otherKeys) : { ok: false };
    return { kind: 'none', result: verdict.ok ? 'wrong_event' : 'invalid' };
  }
  const verdict = verifyTicketCodeNow(trimmed, access.publicKeys);
  if (!verdict.ok) return { kind: 'none', result: 'invalid' };
  return {
    kind: 'ticket',
    ticketId: verdict.payload.ticketId,
    code: normalizeTicketCode(trimmed),
    window: ticketValidityAt(verdict.payload, at, VALIDITY_TOLERANCE_MS),
  };
}

interface TicketState {
  id: string;
  event_id: string;
  status: 'valid' | 'voided';
  code: string;
  ticket_type_id: string;
  holder_name: string;
  type_name: string;
  reference: string;
  order_status: string;
  revoked: boolean;
  a_checkin_id: string | null;
  a_scanned_at: Date | string | null;
  a_device_id: string | null;
  a_device_name: string | null;
  a_inside: boolean | null;
  a_moved_at: Date | string | null;
  /** The earlier record of this very scan (a repeat), when asked for. */
  logged: LoggedScan | null;
}

interface LoggedScan {
  id: string;
  ticket_id: string | null;
  result: CheckinResult;
  duplicate: boolean;
}

/** A scan by this device with this id, when it was recorded before: read along with the ticket. */
interface ScanIdentity {
  deviceId: string;
  clientScanId: string;
}

async function readTicket(
  db: Db | Transaction<Database>,
  ticketId: string,
  lock = false,
  repeatOf?: ScanIdentity,
): Promise<TicketState | null> {
  const { rows } = await sql<TicketState>`
    select t.id, t.event_id, t.status, t.code, t.ticket_type_id, t.holder_name, tt.name as type_name,
           o.reference, o.status as order_status,
           exists (select 1 from ticket_revocations r where r.ticket_id = t.id) as revoked,
           a.checkin_id as a_checkin_id, a.scanned_at as a_scanned_at, a.device_id as a_device_id,
           a.device_name as a_device_name, a.inside as a_inside, a.moved_at as a_moved_at,
           ${
             repeatOf
               ? sql`(select row_to_json(l) from (select c.id, c.ticket_id, c.result, c.duplicate from checkins c
                   where c.device_id = ${repeatOf.deviceId} and c.client_scan_id = ${repeatOf.clientScanId}
                     and c.kind = 'scan') l)`
               : sql`null`
           } as logged
      from tickets t
      join orders o on o.id = t.order_id
      join ticket_types tt on tt.id = t.ticket_type_id
      left join ticket_admissions a on a.ticket_id = t.id
     where t.id = ${ticketId}
     ${lock ? sql`for update of t` : sql``}`.execute(db);
  return rows[0] ?? null;
}

async function findLogged(db: Db | Transaction<Database>, deviceId: string, clientScanId: string): Promise<LoggedScan | null> {
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
function staticVerdict(access: DoorAccess, found: Identified, ticket: TicketState | null): CheckinResult | 'admissible' {
  if (found.kind === 'none') return found.result;
  // An id from another event (manual entry) is as unknown here as one that does not exist.
  if (!ticket || ticket.event_id !== access.eventId) return 'invalid';
  if (ticket.status === 'voided' || ticket.revoked || (found.code !== null && found.code !== ticket.code)) return 'voided';
  if (!PAID_ORDER.has(ticket.order_status)) return 'unpaid';
  if (found.window !== 'valid') return found.window;
  return 'admissible';
}

const iso = (value: Date | string) => new Date(value).toISOString();

function ticketView(ticket: TicketState | null, access: DoorAccess): CheckinResponse['ticket'] {
  if (!ticket || ticket.event_id !== access.eventId) return null;
  return {
    id: ticket.id,
    ticketTypeId: ticket.ticket_type_id,
    typeName: ticket.type_name,
    holderName: ticket.holder_name,
    orderReference: ticket.reference,
  };
}

async function firstCheckIn(db: Db, ticketId: string): Promise<CheckinResponse['firstCheckIn']> {
  const row = await db
    .selectFrom('ticket_admissions')
    .select(['scanned_at', 'device_id', 'device_name'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  return row ? { at: iso(row.scanned_at), deviceId: row.device_id, deviceName: row.device_name } : null;
}

/** What a repeat of an already recorded scan answers. */
async function replay(db: Db, access: DoorAccess, logged: LoggedScan): Promise<CheckinResponse> {
  const ticket = logged.ticket_id ? await readTicket(db, logged.ticket_id) : null;
  return {
    result: logged.result,
    ticket: ticketView(ticket, access),
    firstCheckIn: logged.result === 'already_used' && logged.ticket_id ? await firstCheckIn(db, logged.ticket_id) : null,
    duplicate: logged.duplicate,
  };
}

interface ScanRow {
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
}

function scanRow(access: DoorAccess, scan: CheckinRequest, ticketId: string | null, result: CheckinResult): ScanRow {
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
    scanned_at: new Date(scan.scannedAt),
    result,
    offline_result: scan.offlineResult ?? null,
    duplicate: false,
    code_hash: codeHash(normalizeTicketCode(scan.code)),
  };
}

/** Records a scan that admits nobody; a concurrent repeat of it answers the first. */
async function logOnly(db: Db, access: DoorAccess, row: ScanRow, ticket: TicketState | null): Promise<CheckinResponse> {
  const inserted = await db
    .insertInto('checkins')
    .values(row)
    .onConflict((oc) => oc.columns(['device_id', 'client_scan_id']).where('kind', '=', 'scan').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const logged = await findLogged(db, row.device_id, row.client_scan_id);
    if (logged) return replay(db, access, logged);
  }
  return { result: row.result, ticket: ticketView(ticket, access), firstCheckIn: null, duplicate: false };
}

/**
 * One scan, online: the server decides. Exits ('out') are never refused: they mark the ticket as outside
 * when it was in. An entry admits the ticket unless it is in already (exited tickets come back in).
 */
export async function checkIn(db: Db, access: DoorAccess, scan: CheckinRequest): Promise<CheckinResponse> {
  // Decided on the device already (it was offline or slow): its scan time counts, like an upload.
  if (scan.offlineResult !== undefined) {
    const logged = await findLogged(db, scan.deviceId, scan.clientScanId);
    if (logged) return replay(db, access, logged);
    return recordOffline(db, access, scan, await identify(db, access, scan.code, new Date(scan.scannedAt)));
  }
  // One read answers both "is this a repeat of a recorded scan?" and "what is this ticket?"; a repeat of a
  // scan that named no ticket is caught when its log row conflicts.
  const found = await identify(db, access, scan.code, new Date());
  const ticket = found.kind === 'ticket' ? await readTicket(db, found.ticketId, false, scan) : null;
  if (ticket?.logged) return replay(db, access, { ...ticket.logged, result: ticket.logged.result as CheckinResult });
  const verdict = staticVerdict(access, found, ticket);
  if (verdict !== 'admissible' || !ticket) {
    return logOnly(
      db,
      access,
      scanRow(access, scan, ticketView(ticket, access)?.id ?? null, verdict === 'admissible' ? 'invalid' : verdict),
      ticket,
    );
  }
  if (scan.direction === 'out') return recordOffline(db, access, scan, found);

  const row = scanRow(access, scan, ticket.id, 'valid');
  // One statement: admit (or let an exited ticket back in), mark the ticket, write the log row — all or nothing.
  // ON CONFLICT makes two devices scanning the same ticket at once wait for each other; one admits it.
  const { rows } = await sql<{ result: CheckinResult | null; first: boolean | null }>`
    with locked as (
      -- The ticket first, then its admission: the order every writer takes, so none deadlocks another.
      select id from tickets where id = ${ticket.id} for update
    ), adm as (
      insert into ticket_admissions (ticket_id, event_id, checkin_id, scanned_at, device_id, device_name, inside, moved_at)
      select ${ticket.id}, ${access.eventId}, ${row.id}, ${row.scanned_at}, ${row.device_id}, ${row.device_name}, true, ${row.scanned_at}
       where exists (select 1 from locked) and not exists (select 1 from checkins c where c.device_id = ${row.device_id}
                            and c.client_scan_id = ${row.client_scan_id} and c.kind = 'scan')
      on conflict (ticket_id) do update set inside = true, moved_at = excluded.moved_at
       where ticket_admissions.inside = false
      returning ticket_admissions.checkin_id = ${row.id} as first
    ), marked as (
      update tickets set checked_in_at = ${row.scanned_at}
       where id = ${ticket.id} and exists (select 1 from adm where adm.first)
      returning id
    ), logged as (
      insert into checkins (id, event_id, ticket_id, device_id, client_scan_id, user_id, device_name, direction, manual,
                            scanned_at, result, offline_result, code_hash)
      values (${row.id}, ${row.event_id}, ${row.ticket_id}, ${row.device_id}, ${row.client_scan_id}, ${row.user_id},
              ${row.device_name}, 'in', ${row.manual}, ${row.scanned_at},
              case when exists (select 1 from adm) then 'valid' else 'already_used' end, ${row.offline_result}, ${row.code_hash})
      on conflict (device_id, client_scan_id) where kind = 'scan' do nothing
      returning result
    )
    select (select result from logged) as result, (select first from adm) as first, (select count(*) from marked) as marked`.execute(
    db,
  );
  const outcome = rows[0];
  if (!outcome?.result) {
    // The same scan was recorded a moment ago by a concurrent request: answer what it decided.
    const again = await findLogged(db, scan.deviceId, scan.clientScanId);
    if (again) return replay(db, access, again);
    throw new Error('check-in was neither recorded nor found');
  }
  if (outcome.result === 'valid')
    return { result: 'valid', ticket: ticketView(ticket, access), firstCheckIn: null, duplicate: false };
  const first =
    ticket.a_scanned_at && ticket.a_device_id
      ? { at: iso(ticket.a_scanned_at), deviceId: ticket.a_device_id, deviceName: ticket.a_device_name }
      : await firstCheckIn(db, ticket.id);
  return { result: 'already_used', ticket: ticketView(ticket, access), firstCheckIn: first, duplicate: false };
}

/**
 * A scan the device decided itself (offline or slow), uploaded later. Its `scannedAt` counts: the earliest
 * scan of a ticket is its admission, whatever order the scans arrive in.
 */
async function recordOffline(db: Db, access: DoorAccess, scan: CheckinRequest, found: Identified): Promise<CheckinResponse> {
  const ticketId = found.kind === 'ticket' ? found.ticketId : null;
  return db
    .transaction()
    .execute(async (trx) => {
      // Repeats of one scan (a retried upload racing the first) wait here for each other.
      await sql`select pg_advisory_xact_lock(hashtext(${`${scan.deviceId}:${scan.clientScanId}`}))`.execute(trx);
      const logged = await findLogged(trx, scan.deviceId, scan.clientScanId);
      if (logged) return { logged, answer: null } as const;
      // The ticket row is locked so this decision and any other on the same ticket happen one after the other.
      const ticket = ticketId ? await readTicket(trx, ticketId, true) : null;
      const verdict = staticVerdict(access, found, ticket);
      const view = ticketView(ticket, access);
      const at = new Date(scan.scannedAt);
      const row = scanRow(access, scan, view?.id ?? null, 'valid');
      const answer: CheckinResponse = { result: 'valid', ticket: view, firstCheckIn: null, duplicate: false };

      if (verdict !== 'admissible' || !ticket) {
        answer.result = verdict === 'admissible' ? 'invalid' : verdict;
      } else if (scan.direction === 'out') {
        // Exits are never refused; they count only when later than the ticket's last movement.
        if (ticket.a_checkin_id && ticket.a_inside && ticket.a_moved_at && at >= new Date(ticket.a_moved_at)) {
          await trx
            .updateTable('ticket_admissions')
            .set({ inside: false, moved_at: at })
            .where('ticket_id', '=', ticket.id)
            .execute();
        }
      } else if (!ticket.a_checkin_id) {
        await trx
          .insertInto('ticket_admissions')
          .values({
            ticket_id: ticket.id,
            event_id: access.eventId,
            checkin_id: row.id,
            scanned_at: at,
            device_id: row.device_id,
            device_name: row.device_name,
            inside: true,
            moved_at: at,
          })
          .execute();
        await trx.updateTable('tickets').set({ checked_in_at: at }).where('id', '=', ticket.id).execute();
      } else if (new Date(ticket.a_scanned_at as Date) > at) {
        // Earlier than the admission on record: this scan admitted the ticket; the one that held it is the duplicate.
        await trx
          .updateTable('ticket_admissions')
          .set({ checkin_id: row.id, scanned_at: at, device_id: row.device_id, device_name: row.device_name })
          .where('ticket_id', '=', ticket.id)
          .execute();
        await trx
          .updateTable('checkins')
          .set({ duplicate: true, changed_at: sql`now()` })
          .where('id', '=', ticket.a_checkin_id)
          .execute();
        await trx.updateTable('tickets').set({ checked_in_at: at }).where('id', '=', ticket.id).execute();
      } else if (!ticket.a_inside && ticket.a_moved_at && at >= new Date(ticket.a_moved_at)) {
        // Back in after an exit.
        await trx
          .updateTable('ticket_admissions')
          .set({ inside: true, moved_at: at })
          .where('ticket_id', '=', ticket.id)
          .execute();
      } else {
        answer.result = 'already_used';
        answer.firstCheckIn = {
          at: iso(ticket.a_scanned_at as Date),
          deviceId: ticket.a_device_id as string,
          deviceName: ticket.a_device_name,
        };
        // The device let the person in (or did not say): two people came in on one ticket.
        answer.duplicate = scan.offlineResult === undefined || scan.offlineResult === 'valid';
      }
      await trx
        .insertInto('checkins')
        .values({ ...row, result: answer.result, duplicate: answer.duplicate })
        .execute();
      return { logged: null, answer } as const;
    })
    .then((outcome) => (outcome.logged ? replay(db, access, outcome.logged) : outcome.answer));
}

/** Queued scans from a device: each decided as if it had reached the server at its `scannedAt`. */
export async function uploadBatch(
  db: Db,
  access: DoorAccess,
  scans: CheckinRequest[],
): Promise<(CheckinResponse & { clientScanId: string })[]> {
  const results: (CheckinResponse & { clientScanId: string })[] = [];
  // In scan order, so a device's own earlier scan is decided first.
  const ordered = [...scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
  const byId = new Map<string, CheckinResponse>();
  for (const scan of ordered) {
    const logged = await findLogged(db, scan.deviceId, scan.clientScanId);
    const answer = logged
      ? await replay(db, access, logged)
      : await recordOffline(db, access, scan, await identify(db, access, scan.code, new Date(scan.scannedAt)));
    byId.set(`${scan.deviceId}:${scan.clientScanId}`, answer);
  }
  for (const scan of scans) {
    const answer = byId.get(`${scan.deviceId}:${scan.clientScanId}`) as CheckinResponse;
    results.push({ ...answer, clientScanId: scan.clientScanId });
  }
  return results;
}

/**
 * Takes a check-in back within 2 minutes of the scan: by the member who scanned it, or an owner or manager.
 * The admission goes; the log keeps the scan and gains an undo row. Undoing twice answers the first undo.
 */
export async function undoCheckin(
  db: Db,
  access: DoorAccess,
  input: { deviceId: string; clientScanId: string; reason: string },
): Promise<UndoCheckinResult> {
  return db.transaction().execute(async (trx) => {
    const scan = await trx
      .selectFrom('checkins')
      .selectAll()
      .where('event_id', '=', access.eventId)
      .where('device_id', '=', input.deviceId)
      .where('client_scan_id', '=', input.clientScanId)
      .where('kind', '=', 'scan')
      .executeTakeFirst();
    if (!scan) throw new HttpError('NOT_FOUND', 'That scan was not found.');
    if (scan.user_id !== access.userId && !can(access.role, 'events.edit')) {
      throw new HttpError('FORBIDDEN', 'Only the person who scanned it, an owner or a manager can undo a check-in.');
    }
    const done = await trx.selectFrom('checkins').select(['received_at']).where('undoes', '=', scan.id).executeTakeFirst();
    if (done) return { clientScanId: scan.client_scan_id, ticketId: scan.ticket_id, undoneAt: iso(done.received_at) };
    if (Date.now() - new Date(scan.scanned_at).getTime() > CHECKIN_UNDO_WINDOW_MS) {
      throw new HttpError('CONFLICT', 'A check-in can only be undone within 2 minutes.');
    }
    if (scan.ticket_id) await sql`select id from tickets where id = ${scan.ticket_id} for update`.execute(trx);
    const admission = scan.ticket_id
      ? await trx
          .deleteFrom('ticket_admissions')
          .where('ticket_id', '=', scan.ticket_id)
          .where('checkin_id', '=', scan.id)
          .returning('ticket_id')
          .executeTakeFirst()
      : undefined;
    if (!admission || !scan.ticket_id)
      throw new HttpError('CONFLICT', 'This scan did not admit anyone, so there is nothing to undo.');
    await trx.updateTable('tickets').set({ checked_in_at: null }).where('id', '=', scan.ticket_id).execute();
    const undo = await trx
      .insertInto('checkins')
      .values({
        id: randomUUID(),
        event_id: access.eventId,
        ticket_id: scan.ticket_id,
        kind: 'undo',
        device_id: scan.device_id,
        client_scan_id: randomUUID(),
        user_id: access.userId,
        device_name: access.scannerName,
        direction: scan.direction,
        scanned_at: new Date(),
        result: scan.result,
        undoes: scan.id,
        reason: input.reason,
      })
      .returning('received_at')
      .executeTakeFirstOrThrow();
    // Devices learn of the undo through the scan's changed_at.
    await trx.updateTable('checkins').set({ changed_at: sql`now()` }).where('id', '=', scan.id).execute();
    await recordAudit(trx, {
      actorId: access.userId,
      action: 'checkin.undo',
      subjectType: 'ticket',
      subjectId: scan.ticket_id,
      details: { eventId: access.eventId, deviceId: scan.device_id, clientScanId: scan.client_scan_id, reason: input.reason },
    });
    return { clientScanId: scan.client_scan_id, ticketId: scan.ticket_id, undoneAt: iso(undo.received_at) };
  });
}

/** Valid tickets of paid orders, tickets admitted, and of those the ones inside (not scanned out). */
export async function checkinStats(db: Db, eventId: string): Promise<CheckinStats> {
  const { rows } = await sql<{ sold: string | number; checked_in: string | number; inside: string | number }>`
    select (select count(*) from tickets t join orders o on o.id = t.order_id
             where t.event_id = ${eventId} and t.status = 'valid' and o.status in ('paid', 'partially_refunded')) as sold,
           (select count(*) from ticket_admissions where event_id = ${eventId}) as checked_in,
           (select count(*) from ticket_admissions where event_id = ${eventId} and inside) as inside`.execute(db);
  const row = rows[0];
  return { sold: Number(row?.sold ?? 0), checkedIn: Number(row?.checked_in ?? 0), inside: Number(row?.inside ?? 0) };
}

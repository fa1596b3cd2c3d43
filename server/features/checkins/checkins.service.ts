/**
 * Check-ins: the server's verdict on a scan, decided atomically, and the append-only log of every scan.
 *
 * - Online entries (`checkIn`): the code's signature, event and validity window are checked in memory; the
 *   ticket's state, the admission and the log row are one statement shared by the scans that arrive together
 *   (online-admission.service.ts), so of two devices scanning a ticket at once exactly one admits it.
 * - Offline uploads (`uploadBatch`) and exits: each scan in its own short transaction with the ticket's admission
 *   locked; the earliest `scannedAt` is the admission — an earlier scan arriving later takes it over and the scan
 *   that held it is flagged duplicate; a later one is recorded and flagged duplicate when its device let the
 *   person in.
 * - A scan's time is the device's only within what the server knows (scan-clock.ts); outside it, the server's
 *   receive time, and the scan is flagged `clock_suspect` for the organiser.
 * - A repeat of a scan (same deviceId and clientScanId) answers what was decided the first time.
 * Codes are never logged or stored in full: the log keeps a 12-character hash of what was scanned.
 */
import { randomUUID } from 'node:crypto';
import {
  CHECKIN_UNDO_WINDOW_MS,
  type CheckinRequest,
  type CheckinResponse,
  type CheckinStats,
  type UndoCheckinResult,
} from '../../../src/contract/checkins.ts';
import { can } from '../../../src/contract/permissions.ts';
import { normalizeShortTicketCode } from '../../../src/contract/short-ticket-code.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  countDoor,
  deleteAdmissionBy,
  findEventScan,
  findLogged,
  findUndoOf,
  firstDownloads,
  insertAdmission,
  insertScan,
  insertUndo,
  issuedCodeOfShortCode,
  moveAdmission,
  publicKeysOfEvent,
  readTicket,
  recordUpload,
  takeDoorLock,
  takeOverAdmission,
  takeScanLock,
} from './checkins.repository.ts';
import type { DoorAccess } from './door-access.service.ts';
import { fromOtherEvent, type Identified, identify } from './identify-scan.ts';
import { admitOnline } from './online-admission.service.ts';
import { deviceScanTime, onlineScanTime, type ScanTime } from './scan-clock.ts';
import { logOnly, replay } from './scan-log.service.ts';
import { iso, scanRow, staticVerdict, ticketView } from './scan-verdict.ts';

/**
 * What a scanned text names; a code of another event is checked against that event's keys. A short code typed at
 * the door is looked up among this event's tickets and stands for the code issued with it (decision 052): a lookup,
 * not a signature, so it names a ticket that was issued or nothing — another event's short code is not a ticket here.
 */
async function identifyScan(
  db: Db,
  access: DoorAccess,
  text: string,
  at: Date,
  options?: { matchIssued?: boolean },
): Promise<Identified> {
  const shortCode = normalizeShortTicketCode(text);
  if (shortCode) {
    const issued = await issuedCodeOfShortCode(db, access.eventId, shortCode);
    const found = issued ? identify(access, issued, at, { matchIssued: true }) : null;
    return found?.kind === 'ticket' ? found : { kind: 'none', result: 'invalid' };
  }
  const found = identify(access, text, at, options);
  return found.kind === 'other_event' ? fromOtherEvent(found, await publicKeysOfEvent(db, found.eventId)) : found;
}

/**
 * One scan, online: the server decides. Exits ('out') are never refused: they mark the ticket as outside
 * when it was in. An entry admits the ticket unless it is in already (exited tickets come back in).
 */
export async function checkIn(db: Db, access: DoorAccess, scan: CheckinRequest): Promise<CheckinResponse> {
  const receivedAt = new Date();
  // Decided on the device already (it was offline or slow): its scan time counts, like an upload.
  if (scan.offlineResult !== undefined) {
    const logged = await findLogged(db, scan.deviceId, scan.clientScanId);
    if (logged) return replay(db, access, logged);
    const downloads = await firstDownloads(db, access.eventId, [scan.deviceId]);
    const time = deviceScanTime(scan.scannedAt, receivedAt, downloads.get(scan.deviceId));
    return recordOffline(db, access, scan, await identifyScan(db, access, scan.code, time.at), time);
  }
  const time = onlineScanTime(scan.scannedAt, receivedAt);
  const entry = scan.direction === 'in';
  // An entry's code is compared with the code issued for its ticket (admitOnline); an exit's is verified here.
  const found = await identifyScan(db, access, scan.code, receivedAt, { matchIssued: entry });
  // Names no ticket of ours: recorded as such; a repeat of it is caught when its log row conflicts.
  if (found.kind === 'none') return logOnly(db, access, scanRow(access, scan, null, found.result, time), null);
  return entry ? admitOnline(db, access, scan, found, time) : recordOffline(db, access, scan, found, time);
}

/**
 * A scan the device decided itself (offline or slow), uploaded later. Its time (`scannedAt` where it is
 * trusted) counts: the earliest scan of a ticket is its admission, whatever order the scans arrive in.
 */
async function recordOffline(
  db: Db,
  access: DoorAccess,
  scan: CheckinRequest,
  found: Identified,
  time: ScanTime,
): Promise<CheckinResponse> {
  const ticketId = found.kind === 'ticket' ? found.ticketId : null;
  return db
    .transaction()
    .execute(async (trx) => {
      // Repeats of one scan (a retried upload racing the first) wait here for each other.
      await takeScanLock(trx, scan.deviceId, scan.clientScanId);
      const logged = await findLogged(trx, scan.deviceId, scan.clientScanId);
      if (logged) return { logged, answer: null } as const;
      // The ticket's door lock (and its row) make this decision and any other on the same ticket happen one after
      // the other, online scans included.
      if (ticketId) await takeDoorLock(trx, ticketId);
      const ticket = ticketId ? await readTicket(trx, ticketId, true) : null;
      const verdict = staticVerdict(access, found, ticket);
      const view = ticketView(ticket, access);
      const at = time.at;
      const row = scanRow(access, scan, view?.id ?? null, 'valid', time);
      const answer: CheckinResponse = { result: 'valid', ticket: view, firstCheckIn: null, duplicate: false };

      if (verdict !== 'admissible' || !ticket) {
        answer.result = verdict === 'admissible' ? 'invalid' : verdict;
      } else if (scan.direction === 'out') {
        // Exits are never refused; they count only when later than the ticket's last movement.
        if (ticket.a_checkin_id && ticket.a_inside && ticket.a_moved_at && at >= new Date(ticket.a_moved_at)) {
          await moveAdmission(trx, ticket.id, false, at);
        }
      } else if (!ticket.a_checkin_id) {
        await insertAdmission(trx, ticket.id, row);
      } else if (new Date(ticket.a_scanned_at as Date) > at) {
        // Earlier than the admission on record: this scan admitted the ticket; the one that held it is the duplicate.
        await takeOverAdmission(trx, ticket.id, row, ticket.a_checkin_id);
      } else if (!ticket.a_inside && ticket.a_moved_at && at >= new Date(ticket.a_moved_at)) {
        // Back in after an exit.
        await moveAdmission(trx, ticket.id, true, at);
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
      await insertScan(trx, { ...row, result: answer.result, duplicate: answer.duplicate });
      return { logged: null, answer } as const;
    })
    .then((outcome) => (outcome.logged ? replay(db, access, outcome.logged) : outcome.answer));
}

/** Queued scans from a device: each decided as if it had reached the server at its time (`scannedAt` where trusted). */
export async function uploadBatch(
  db: Db,
  access: DoorAccess,
  scans: CheckinRequest[],
): Promise<(CheckinResponse & { clientScanId: string })[]> {
  const receivedAt = new Date();
  const downloads = await firstDownloads(
    db,
    access.eventId,
    scans.map((scan) => scan.deviceId),
  );
  const results: (CheckinResponse & { clientScanId: string })[] = [];
  // In scan order, so a device's own earlier scan is decided first.
  const ordered = scans
    .map((scan) => ({ scan, time: deviceScanTime(scan.scannedAt, receivedAt, downloads.get(scan.deviceId)) }))
    .sort((a, b) => a.time.at.getTime() - b.time.at.getTime());
  const byId = new Map<string, CheckinResponse>();
  for (const { scan, time } of ordered) {
    const logged = await findLogged(db, scan.deviceId, scan.clientScanId);
    const answer = logged
      ? await replay(db, access, logged)
      : await recordOffline(db, access, scan, await identifyScan(db, access, scan.code, time.at), time);
    byId.set(`${scan.deviceId}:${scan.clientScanId}`, answer);
  }
  await recordUpload(
    db,
    access.eventId,
    scans.map((scan) => scan.deviceId),
    access.scannerName,
  );
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
    const scan = await findEventScan(trx, access.eventId, input.deviceId, input.clientScanId);
    if (!scan) throw new HttpError('NOT_FOUND', 'That scan was not found.');
    if (scan.user_id !== access.userId && !can(access.role, 'events.edit')) {
      throw new HttpError('FORBIDDEN', 'Only the person who scanned it, an owner or a manager can undo a check-in.');
    }
    const done = await findUndoOf(trx, scan.id);
    if (done) return { clientScanId: scan.client_scan_id, ticketId: scan.ticket_id, undoneAt: iso(done.received_at) };
    if (Date.now() - new Date(scan.scanned_at).getTime() > CHECKIN_UNDO_WINDOW_MS) {
      throw new HttpError('CONFLICT', 'A check-in can only be undone within 2 minutes.');
    }
    if (scan.ticket_id) await takeDoorLock(trx, scan.ticket_id);
    const admitted = scan.ticket_id ? await deleteAdmissionBy(trx, scan.ticket_id, scan.id) : false;
    if (!admitted || !scan.ticket_id)
      throw new HttpError('CONFLICT', 'This scan did not admit anyone, so there is nothing to undo.');
    // Devices learn of the undo through the scan's changed_at.
    const undoneAt = await insertUndo(trx, {
      id: randomUUID(),
      event_id: access.eventId,
      ticket_id: scan.ticket_id,
      device_id: scan.device_id,
      client_scan_id: randomUUID(),
      user_id: access.userId,
      device_name: access.scannerName,
      direction: scan.direction,
      scanned_at: new Date(),
      result: scan.result,
      undoes: scan.id,
      reason: input.reason,
    });
    await recordAudit(trx, {
      actorId: access.userId,
      action: 'checkin.undo',
      subjectType: 'ticket',
      subjectId: scan.ticket_id,
      details: { eventId: access.eventId, deviceId: scan.device_id, clientScanId: scan.client_scan_id, reason: input.reason },
    });
    return { clientScanId: scan.client_scan_id, ticketId: scan.ticket_id, undoneAt: iso(undoneAt) };
  });
}

/**
 * Valid tickets of paid orders, tickets admitted, and of those the ones inside (not scanned out); and the scans
 * whose device clock the server did not trust.
 */
export async function checkinStats(db: Db, eventId: string): Promise<CheckinStats> {
  const row = await countDoor(db, eventId);
  return {
    sold: Number(row?.sold ?? 0),
    checkedIn: Number(row?.checked_in ?? 0),
    inside: Number(row?.inside ?? 0),
    clockSuspect: Number(row?.clock_suspect ?? 0),
  };
}

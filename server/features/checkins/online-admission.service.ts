/**
 * Online entry scans of signed or typed tickets: the server's verdict and the admission in one statement
 * (`admitEntries` in checkins.repository.ts).
 *
 * Scans that arrive together (many scanners at a busy door) share that statement: a batch reads each ticket's
 * state, admits what may come in (INSERT … ON CONFLICT on ticket_admissions, so of two devices scanning a
 * ticket at once exactly one admits it) and writes every scan's log row — one round trip and one commit for
 * the lot; the tickets table is only read. A batch never holds a ticket twice (the batcher keeps them apart),
 * takes its tickets' door locks in one order before writing (so batches on several instances cannot deadlock
 * one another) and, if the database still gives up on it, runs its scans one at a time.
 */
import type { CheckinRequest, CheckinResponse } from '../../../src/contract/checkins.ts';
import type { Db } from '../../db/database.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import { verifyTicketCodeNow } from '../../lib/tickets/verify-ticket-code.ts';
import { type AdmissionInput, type AdmissionRow, admitEntries, findLogged, type TicketFacts } from './checkins.repository.ts';
import type { DoorAccess } from './door-access.service.ts';
import type { Identified } from './identify-scan.ts';
import type { ScanTime } from './scan-clock.ts';
import { firstCheckIn, logOnly, replay } from './scan-log.service.ts';
import { iso, scanRow, ticketView } from './scan-verdict.ts';

type TicketScan = Extract<Identified, { kind: 'ticket' }>;

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

async function runBatch(db: Db, items: AdmissionInput[]): Promise<AdmissionRow[]> {
  try {
    return await admitEntries(db, items);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (items.length === 1 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    const rows: AdmissionRow[] = [];
    for (const item of items) rows.push(...(await admitEntries(db, [item])));
    return rows;
  }
}

const batchers = new WeakMap<Db, Batcher<AdmissionInput, AdmissionRow>>();

function batcherOf(db: Db): Batcher<AdmissionInput, AdmissionRow> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher({
      run: (items) => runBatch(db, items),
      keys: (item) => [item.ticket_id, `${item.device_id}:${item.client_scan_id}`],
      maxBatch: 64,
      maxInFlight: 2,
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/** The first admission's when and where, for "already used". */
async function firstOf(db: Db, row: AdmissionRow, ticketId: string): Promise<CheckinResponse['firstCheckIn']> {
  if (row.first_at && row.first_device_id)
    return { at: iso(row.first_at), deviceId: row.first_device_id, deviceName: row.first_device_name };
  // Admitted by a transaction that committed while this one ran: read it now.
  return firstCheckIn(db, ticketId);
}

/** An online entry scan of a ticket of ours (signature checked, or a typed id): decided and recorded. */
export async function admitOnline(
  db: Db,
  access: DoorAccess,
  scan: CheckinRequest,
  found: TicketScan,
  time: ScanTime,
): Promise<CheckinResponse> {
  const row = scanRow(access, scan, found.ticketId, 'valid', time);
  const answer = await batcherOf(db).submit({
    id: row.id,
    event_id: row.event_id,
    ticket_id: found.ticketId,
    device_id: row.device_id,
    client_scan_id: row.client_scan_id,
    user_id: row.user_id,
    device_name: row.device_name,
    manual: row.manual,
    scanned_at: row.scanned_at.toISOString(),
    clock_suspect: row.clock_suspect,
    device_scanned_at: row.device_scanned_at?.toISOString() ?? null,
    code: found.code,
    win: found.window,
    code_hash: row.code_hash,
    test_mode: access.event.testMode,
  });
  const facts: TicketFacts | null =
    answer.t_id && answer.t_event_id
      ? {
          id: answer.t_id,
          event_id: answer.t_event_id,
          ticket_type_id: answer.ticket_type_id ?? '',
          type_name: answer.type_name ?? '',
          holder_name: answer.holder_name ?? '',
          reference: answer.reference ?? '',
          test: answer.test ?? false,
        }
      : null;
  const ticket = ticketView(facts, access);
  if (answer.verdict === 'mismatch') {
    // Another code for this ticket: an earlier one we signed (reissued, so void) or a forgery.
    const genuine = verifyTicketCodeNow(scan.code, access.publicKeys).ok;
    const result = genuine ? 'voided' : 'invalid';
    return logOnly(db, access, scanRow(access, scan, genuine ? found.ticketId : null, result, time), genuine ? facts : null);
  }
  if (answer.prior_result) {
    // A repeat of a scan recorded before: what was decided then.
    const used = answer.prior_result === 'already_used' && answer.prior_ticket_id;
    return {
      result: answer.prior_result,
      ticket: answer.prior_ticket_id ? ticket : null,
      firstCheckIn: used ? await firstOf(db, answer, found.ticketId) : null,
      duplicate: answer.prior_duplicate ?? false,
    };
  }
  if (!answer.result) {
    // The same scan was recorded a moment ago by a concurrent request: answer what it decided.
    const again = await findLogged(db, scan.deviceId, scan.clientScanId);
    if (again) return replay(db, access, again);
    throw new Error('check-in was neither recorded nor found');
  }
  return {
    result: answer.result,
    ticket,
    firstCheckIn: answer.result === 'already_used' ? await firstOf(db, answer, found.ticketId) : null,
    duplicate: false,
  };
}

/**
 * Answers that come from the check-in log, shared by the online and offline paths: a repeat of a recorded scan
 * answers what was decided the first time, and a scan that admits nobody is logged once however often it comes.
 */
import type { CheckinResponse } from '../../../src/contract/checkins.ts';
import type { Db } from '../../db/database.ts';
import {
  findAdmission,
  findLogged,
  insertScanIfNew,
  type LoggedScan,
  readTicket,
  type ScanRow,
  type TicketFacts,
} from './checkins.repository.ts';
import type { DoorAccess } from './door-access.service.ts';
import { iso, ticketView } from './scan-verdict.ts';

/** When and where the ticket was first admitted, for "already used". */
export async function firstCheckIn(db: Db, ticketId: string): Promise<CheckinResponse['firstCheckIn']> {
  const row = await findAdmission(db, ticketId);
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

/** Records a scan that admits nobody; a concurrent repeat of it answers the first. */
export async function logOnly(db: Db, access: DoorAccess, row: ScanRow, ticket: TicketFacts | null): Promise<CheckinResponse> {
  if (!(await insertScanIfNew(db, row))) {
    const logged = await findLogged(db, row.device_id, row.client_scan_id);
    if (logged) return replay(db, access, logged);
  }
  return { result: row.result, ticket: ticketView(ticket, access), firstCheckIn: null, duplicate: false };
}

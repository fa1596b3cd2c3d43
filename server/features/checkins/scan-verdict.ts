/**
 * Pure pieces of a check-in shared by the online and offline paths: the verdict that needs no admission, the
 * ticket as the door shows it, and the scan's row in the log. No database here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CheckinRequest, CheckinResponse, CheckinResult } from '../../../src/contract/checkins.ts';
import { normalizeTicketCode } from '../../../src/contract/ticket-code.ts';
import type { ScanRow, TicketFacts, TicketState } from './checkins.repository.ts';
import type { DoorAccess } from './door-access.service.ts';
import type { Identified } from './identify-scan.ts';
import type { ScanTime } from './scan-clock.ts';

const PAID_ORDER = new Set(['paid', 'partially_refunded']);

/** Codes are never stored: the log keeps a 12-character hash of what was scanned. */
const codeHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

export const iso = (value: Date | string) => new Date(value).toISOString();

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

import type { CheckinResult } from '../../../src/contract/checkins.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import {
  type DecodedTicketCode,
  decodeTicketCode,
  looksLikeTicketCode,
  normalizeTicketCode,
  ticketValidityAt,
} from '../../../src/contract/ticket-code.ts';
import { verifyDecodedTicketCode } from '../../lib/tickets/verify-ticket-code.ts';
import type { DoorAccess } from './door-access.service.ts';

/** Clock skew allowed around a ticket's validity window. */
const VALIDITY_TOLERANCE_MS = 5 * 60 * 1000;

/** What a scanned text names, before the database is asked. */
export type Identified =
  | { kind: 'none'; result: CheckinResult }
  | { kind: 'ticket'; ticketId: string; code: string | null; window: 'valid' | 'not_yet_valid' | 'expired' };

/** A code that names another event: genuine only if that event's key signed it (`fromOtherEvent`). */
export interface OtherEventCode {
  kind: 'other_event';
  eventId: string;
  decoded: DecodedTicketCode;
}

/**
 * Reads a scanned text: a signed code of this event (verified), of another event, or a ticket id (manual).
 * A code of another event is handed back to be checked against that event's keys (`fromOtherEvent`).
 * `matchIssued`: the caller compares a code of this event with the code issued for its ticket (stored with it),
 * so its signature is checked only when they differ — an exact copy of an issued code is genuine by definition.
 */
export function identify(
  access: DoorAccess,
  text: string,
  at: Date,
  { matchIssued = false }: { matchIssued?: boolean } = {},
): Identified | OtherEventCode {
  const trimmed = text.trim();
  if (isUuid(trimmed)) return { kind: 'ticket', ticketId: trimmed.toLowerCase(), code: null, window: 'valid' };
  if (!looksLikeTicketCode(trimmed)) return { kind: 'none', result: 'invalid' };
  const decoded = decodeTicketCode(trimmed);
  if (!decoded.ok) return { kind: 'none', result: 'invalid' };
  if (decoded.payload.eventId !== access.eventId) return { kind: 'other_event', eventId: decoded.payload.eventId, decoded };
  const verdict = matchIssued ? decoded : verifyDecodedTicketCode(decoded, access.publicKeys);
  if (!verdict.ok) return { kind: 'none', result: 'invalid' };
  return {
    kind: 'ticket',
    ticketId: verdict.payload.ticketId,
    code: normalizeTicketCode(trimmed),
    window: ticketValidityAt(verdict.payload, at, VALIDITY_TOLERANCE_MS),
  };
}

/** A code of another event, against that event's public keys: a made-up code naming another event is simply invalid. */
export function fromOtherEvent(code: OtherEventCode, keys: string[]): Identified {
  const verdict = keys.length ? verifyDecodedTicketCode(code.decoded, keys) : { ok: false };
  return { kind: 'none', result: verdict.ok ? 'wrong_event' : 'invalid' };
}

import type { CheckinResult } from '../../../src/contract/checkins.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import {
  decodeTicketCode,
  looksLikeTicketCode,
  normalizeTicketCode,
  ticketValidityAt,
} from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import { verifyDecodedTicketCode } from '../../lib/tickets/verify-ticket-code.ts';
import { type DoorAccess, publicKeysOfEvent } from './door-access.ts';

/** Clock skew allowed around a ticket's validity window. */
const VALIDITY_TOLERANCE_MS = 5 * 60 * 1000;

/** What a scanned text names, before the database is asked. */
export type Identified =
  | { kind: 'none'; result: CheckinResult }
  | { kind: 'ticket'; ticketId: string; code: string | null; window: 'valid' | 'not_yet_valid' | 'expired' };

/**
 * Reads a scanned text: a signed code of this event (verified), of another event, or a ticket id (manual).
 * `matchIssued`: the caller compares a code of this event with the code issued for its ticket (stored with it),
 * so its signature is checked only when they differ — an exact copy of an issued code is genuine by definition.
 */
export async function identify(
  db: Db,
  access: DoorAccess,
  text: string,
  at: Date,
  { matchIssued = false }: { matchIssued?: boolean } = {},
): Promise<Identified> {
  const trimmed = text.trim();
  if (isUuid(trimmed)) return { kind: 'ticket', ticketId: trimmed.toLowerCase(), code: null, window: 'valid' };
  if (!looksLikeTicketCode(trimmed)) return { kind: 'none', result: 'invalid' };
  const decoded = decodeTicketCode(trimmed);
  if (!decoded.ok) return { kind: 'none', result: 'invalid' };
  if (decoded.payload.eventId !== access.eventId) {
    // Genuine only if that event's key signed it; a made-up code naming another event is simply invalid.
    const otherKeys = await publicKeysOfEvent(db, decoded.payload.eventId);
    const verdict = otherKeys.length ? verifyDecodedTicketCode(decoded, otherKeys) : { ok: false };
    return { kind: 'none', result: verdict.ok ? 'wrong_event' : 'invalid' };
  }
  const verdict = matchIssued ? decoded : verifyDecodedTicketCode(decoded, access.publicKeys);
  if (!verdict.ok) return { kind: 'none', result: 'invalid' };
  return {
    kind: 'ticket',
    ticketId: verdict.payload.ticketId,
    code: normalizeTicketCode(trimmed),
    window: ticketValidityAt(verdict.payload, at, VALIDITY_TOLERANCE_MS),
  };
}

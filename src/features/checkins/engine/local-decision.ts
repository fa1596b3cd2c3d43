import type { CheckinResult, ScanDirection } from '#contract/checkins.ts';
import { isUuid } from '#contract/ids.ts';
import { normalizeShortTicketCode } from '#contract/short-ticket-code.ts';
import {
  decodeTicketCode,
  looksLikeTicketCode,
  normalizeTicketCode,
  TICKET_CODE_PREFIX,
  type TicketCodeVerdict,
  type TicketPayload,
  ticketValidityAt,
} from '#contract/ticket-code.ts';

/** A ticket of the local manifest. */
export interface LocalTicket {
  id: string;
  ticketTypeId: string;
  holderName: string;
  orderReference: string;
  status: 'valid' | 'voided' | 'unpaid';
  /** A TEST ticket (paid in the payment sandbox). */
  test: boolean;
  /** The first characters of its current code after the prefix, as last downloaded. Empty or absent: not compared. */
  codeStart?: string;
  /**
   * When its current code was signed (Unix seconds), for a ticket passed on (decision 069): a genuine code of it that
   * starts otherwise and was signed before is an old one.
   */
  codeFrom?: number;
}

export interface FirstCheckIn {
  at: string;
  deviceId: string;
  deviceName: string | null;
}

/** What the device knows of an event to decide at the door without the server. */
export interface DoorKnowledge {
  eventId: string;
  keys: readonly string[];
  /** The event is in test mode: TEST tickets come in. */
  testMode: boolean;
  typeName(ticketTypeId: string): string | null;
  isRevoked(ticketId: string): boolean;
  ticket(ticketId: string): LocalTicket | undefined;
  /** The ticket of this event with this (normalised) short code, if the device has it. */
  ticketByShortCode(shortCode: string): LocalTicket | undefined;
  /** The admission of a ticket that still stands: the server's (synced) or this device's. */
  checkIn(ticketId: string): FirstCheckIn | undefined;
}

/** What the door screen shows about a ticket. */
export interface VerdictTicket {
  id: string;
  typeName: string | null;
  holderName: string | null;
  orderReference: string | null;
  /** A TEST ticket: the screen says so, whatever the verdict. */
  test: boolean;
}

export interface LocalDecision {
  result: CheckinResult;
  ticketId: string | null;
  ticket: VerdictTicket | null;
  firstCheckIn: FirstCheckIn | null;
  /** Signed for this event but not in the downloaded manifest yet (sold after the last sync). */
  notInList: boolean;
  /** The code is not an Admit ticket code at all: nothing to upload. */
  malformed: boolean;
  /** The device is sure without the server: a forged, altered or other event's code, or one outside its window. */
  final: boolean;
  /** For the wrong event verdict: the event the ticket is for. */
  otherEventId: string | null;
}

export type Verify = (code: string, keys: readonly string[]) => Promise<TicketCodeVerdict>;

/** A phone's clock may be a little off: ticket windows get this much slack either way. */
export const clockToleranceMs = 5 * 60 * 1000;

const invalid = (malformed: boolean): LocalDecision => ({
  result: 'invalid',
  ticketId: null,
  ticket: null,
  firstCheckIn: null,
  notInList: false,
  malformed,
  final: true,
  otherEventId: null,
});

function describeTicket(knowledge: DoorKnowledge, ticketId: string, ticketTypeId: string): VerdictTicket {
  const local = knowledge.ticket(ticketId);
  return {
    id: ticketId,
    typeName: knowledge.typeName(local?.ticketTypeId ?? ticketTypeId),
    holderName: local?.holderName ?? null,
    orderReference: local?.orderReference ?? null,
    test: local?.test ?? false,
  };
}

/** The manifest, revocations and check-ins speak about a ticket whose code is genuine (or chosen by hand). */
function judge(
  knowledge: DoorKnowledge,
  ticketId: string,
  ticketTypeId: string,
  direction: ScanDirection,
  window: Pick<TicketPayload, 'validFrom' | 'validUntil'> | null,
  now: Date,
  code: string | null = null,
): LocalDecision {
  const local = knowledge.ticket(ticketId);
  const base = {
    ticketId,
    ticket: describeTicket(knowledge, ticketId, ticketTypeId),
    firstCheckIn: null,
    notInList: !local,
    malformed: false,
    otherEventId: null,
  };
  if (knowledge.isRevoked(ticketId) || local?.status === 'voided') return { ...base, result: 'voided', final: false };
  if (code && window && local?.codeStart && !code.startsWith(local.codeStart.trimEnd(), TICKET_CODE_PREFIX.length)) {
    // Signed by us but not the code the device holds for the ticket (decision 069). Signed before that one: an old
    // code of a ticket passed on, refused. Signed after: passed on since the download, a code the device has not seen.
    if (local.codeFrom !== undefined && window.validFrom.getTime() < local.codeFrom * 1000) {
      return { ...base, result: 'voided', final: false };
    }
    return judge({ ...knowledge, ticket: () => undefined }, ticketId, ticketTypeId, direction, window, now);
  }
  if (local?.status === 'unpaid') return { ...base, result: 'unpaid', final: false };
  // A TEST ticket sold after the last sync is not known to be one here: the server tells when it can.
  if (local?.test && !knowledge.testMode) return { ...base, result: 'test_ticket', final: false };
  if (window) {
    const validity = ticketValidityAt(window, now, clockToleranceMs);
    if (validity !== 'valid') return { ...base, result: validity, final: true };
  }
  const first = direction === 'in' ? knowledge.checkIn(ticketId) : undefined;
  if (first) return { ...base, result: 'already_used', firstCheckIn: first, final: false };
  return { ...base, result: 'valid', final: false };
}

/**
 * The device's verdict on what was scanned or typed: a signed ticket code, a short code, or a ticket id from search.
 * Cheap checks first (format, event), then the signature, then what the device knows of the ticket.
 */
export interface DecideOptions {
  now?: Date;
  direction?: ScanDirection;
}

export async function decideLocally(
  input: string,
  knowledge: DoorKnowledge,
  verify: Verify,
  options: DecideOptions = {},
): Promise<LocalDecision> {
  const now = options.now ?? new Date();
  const direction = options.direction ?? 'in';
  const text = input.trim();
  if (isUuid(text)) {
    const id = text.toLowerCase();
    const local = knowledge.ticket(id);
    return local ? judge(knowledge, id, local.ticketTypeId, direction, null, now) : invalid(false);
  }
  const shortCode = normalizeShortTicketCode(text);
  if (shortCode) {
    // A lookup in the downloaded list, not a signature (decision 052): it finds a ticket that was issued, or nothing
    // here — though the server may know a ticket sold since the last sync, so an unknown one is not final.
    const local = knowledge.ticketByShortCode(shortCode);
    return local ? judge(knowledge, local.id, local.ticketTypeId, direction, null, now) : { ...invalid(false), final: false };
  }
  if (!looksLikeTicketCode(text)) return invalid(true);
  const code = normalizeTicketCode(text);
  const decoded = decodeTicketCode(code);
  if (!decoded.ok) return invalid(true);
  if (decoded.payload.eventId !== knowledge.eventId) {
    return { ...invalid(false), result: 'wrong_event', otherEventId: decoded.payload.eventId };
  }
  const verdict = await verify(code, knowledge.keys);
  if (!verdict.ok) return invalid(verdict.reason === 'malformed');
  const { payload } = verdict;
  return judge(knowledge, payload.ticketId, payload.ticketTypeId, direction, payload, now, code);
}

import { z } from 'zod';

export { CHECKIN_UNDO_WINDOW_MS } from './checkin-rules.ts';

/**
 * A door verdict. valid: admit; already_used: admitted before (see firstCheckIn); invalid: unknown
 * or forged; wrong_event: a genuine ticket for another event; voided: refunded or cancelled;
 * unpaid: its order is not paid; test_ticket: a TEST ticket (paid in the payment sandbox) at an event
 * not in test mode; not_yet_valid / expired: outside the ticket's validity window.
 */
export const checkinResultSchema = z.enum([
  'valid',
  'already_used',
  'invalid',
  'wrong_event',
  'voided',
  'unpaid',
  'test_ticket',
  'not_yet_valid',
  'expired',
]);
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** in: entering the venue; out: leaving (for "currently inside"). */
export const scanDirectionSchema = z.enum(['in', 'out']);
export type ScanDirection = z.infer<typeof scanDirectionSchema>;

/** A device's own id, made once and kept in its storage. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a valid device id.');

export const checkinRequestSchema = z.object({
  /** What the QR code or the manual field gave: a signed ticket code, or a ticket id for a manual check-in. */
  code: z.string().trim().min(1, 'Scan or type a ticket code.').max(300),
  deviceId: deviceIdSchema,
  /** The device's id for this scan: a repeat upload of the same scan changes nothing. */
  clientScanId: z.uuid(),
  scannedAt: z.iso.datetime({ offset: true }),
  direction: scanDirectionSchema.default('in'),
  /** Decided on the device while offline or slow; the server records it and answers with its own verdict. */
  offlineResult: checkinResultSchema.optional(),
  /** Checked in by hand from search, after a confirmation. */
  manual: z.boolean().default(false),
});
export type CheckinRequest = z.infer<typeof checkinRequestSchema>;

export const checkinTicketSchema = z.object({
  id: z.uuid(),
  ticketTypeId: z.uuid(),
  typeName: z.string(),
  holderName: z.string(),
  orderReference: z.string(),
  /** A TEST ticket: its order was paid in the payment sandbox. Admitted only at an event in test mode. */
  test: z.boolean(),
});
export type CheckinTicket = z.infer<typeof checkinTicketSchema>;

export const firstCheckInSchema = z.object({ at: z.string(), deviceId: z.string(), deviceName: z.string().nullable() });

export const checkinResponseSchema = z.object({
  result: checkinResultSchema,
  ticket: checkinTicketSchema.nullable(),
  /** When and where the ticket was first admitted (already_used). */
  firstCheckIn: firstCheckInSchema.nullable(),
  /** This scan admitted nobody because another, earlier scan of the ticket did (offline conflicts). */
  duplicate: z.boolean(),
});
export type CheckinResponse = z.infer<typeof checkinResponseSchema>;

export const checkinBatchSchema = z.object({ scans: z.array(checkinRequestSchema).min(1).max(500) });
export const checkinBatchResultSchema = z.object({
  results: z.array(checkinResponseSchema.extend({ clientScanId: z.uuid() })),
});

export const undoCheckinSchema = z.object({
  deviceId: deviceIdSchema,
  clientScanId: z.uuid(),
  reason: z.string().trim().max(200).default(''),
});

export const checkinParamsSchema = z.object({ eventId: z.uuid('Not a valid event id.') });

/** What an undo answers: the scan no longer admits anyone (the log keeps both the scan and its undo). */
export const undoCheckinResultSchema = z.object({
  clientScanId: z.uuid(),
  ticketId: z.uuid().nullable(),
  undoneAt: z.string(),
});
export type UndoCheckinResult = z.infer<typeof undoCheckinResultSchema>;

/**
 * Live counts at the door: valid paid tickets, tickets admitted, and of those, the ones not scanned out;
 * and scans whose device clock was not trusted (timed by the server instead: see `clockSuspect` in scan data).
 */
export const checkinStatsSchema = z.object({
  sold: z.number().int().min(0),
  checkedIn: z.number().int().min(0),
  inside: z.number().int().min(0),
  clockSuspect: z.number().int().min(0),
});
export type CheckinStats = z.infer<typeof checkinStatsSchema>;

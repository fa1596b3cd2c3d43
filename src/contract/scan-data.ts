import { z } from 'zod';
import { checkinResultSchema, deviceIdSchema, scanDirectionSchema } from './checkins.ts';
import {
  SCAN_DATA_FORMAT,
  SCAN_DATA_MAX_PAGE_SIZE,
  SCAN_DATA_PAGE_SIZE,
  type ScanDataColumns,
  ticketKeyPattern,
} from './scan-data-rows.ts';

/**
 * Scan data: what a door device downloads to check tickets without the network.
 * `GET /api/events/{eventId}/scan-data` (members with `checkin.scan`: owner, manager, door).
 *
 * Two kinds of download, both paged by an opaque `cursor`:
 * - full (no `since`): every ticket of the event, with its check-in state; revocations on the first page.
 * - changes (`?since=<syncedAt of the last completed download>`): tickets created or changed since then
 *   (new sales, voids), new revocations, and the scan log since then (check-ins by other devices, exits,
 *   undos, and scans flagged as duplicates — the device finds its own scans in it by `clientScanId`).
 *   Changes overlap the previous download by a few seconds (transactions commit after their clock time),
 *   so applying them must be idempotent: tickets upsert by id, scans by clientScanId.
 * Fetch pages until `nextCursor` is null, passing `?cursor=` only (the cursor remembers `since` and `limit`).
 * Every page of one download carries the same `syncedAt`: keep it once the last page is stored, and pass it
 * as `since` next time (poll at least every 30 s while scanning). An interrupted download resumes from the
 * last cursor stored; a cursor older than a day answers 400 and the device starts again.
 *
 * Encoding, designed for ≤ 40 bytes per ticket on the wire (gzip) at 100,000 tickets. JSON, but columnar:
 * - Ticket ids are base64url of their 16 bytes (22 characters), concatenated in `tickets.ids` with no
 *   separators: a random id is 16 bytes of entropy and costs ~16.5 bytes gzipped; quotes and commas would
 *   add more. Use `ticketIdFromKey` / `ticketKey` to convert; `ticketKeyAt(page.tickets, i)` reads the i-th; `scanDataTicketRows` expands a page.
 * - Ticket types by index into `ticketTypes` (a run of equal small numbers gzips to almost nothing).
 * - Orders once each, not once per ticket: tickets arrive grouped by order, `tickets.orderSizes[k]` says how
 *   many consecutive tickets belong to order k, whose reference, buyer name and (lower-case) email are
 *   `orders.references[k]`, `orders.buyerNames[k]`, `orders.buyerEmails[k]`. An order may continue on the next
 *   page (it is then repeated there).
 * - Holder names: `''` when the holder is the buyer (the common case) — a few bits instead of a name again.
 * - Status: one character per ticket in `tickets.status`: `v` valid, `x` voided (refunded or cancelled),
 *   `u` unpaid (its order is not paid), `t` a valid TEST ticket (paid in the payment sandbox: admitted only
 *   while `event.testMode` is on). Long runs of one character gzip to nearly nothing.
 * - Code starts: the first `codeStartLength` characters of each ticket's code after the `AD1` prefix,
 *   concatenated in `tickets.codeStarts`, for "search by the start of a ticket code" (5 characters of radix 45
 *   tell 100,000 tickets apart; they cost ~3.5 bytes). Full codes are never sent: the device verifies a
 *   scanned code by its signature against `keys`.
 * - Short codes: each ticket's short code (decision 052), `SHORT_CODE_LENGTH` characters, concatenated in
 *   `tickets.shortCodes`, so a code typed at the door finds its ticket offline. Random, so they cost what their
 *   entropy does (~5.7 bytes gzipped) — the price of deciding typed codes without the network.
 * - Check-ins are sparse: `tickets.checkins` lists `[index in this page, admitted at (Unix seconds), device index]`
 *   for admitted tickets only; device ids and names are in `devices`, referenced by index (from this page).
 * - Answers shown at the door are sparse too: `tickets.doorAnswers` lists `[index in this page, text]` for tickets
 *   with answers to questions the organiser shows at the door (decision 064), their own and their order's.
 * Minimum personal data: holder and buyer names, the buyer's email and the order reference (what search needs);
 * no prices, no phone numbers, no addresses, no payment data, no signed codes.
 *
 * The response is gzip-compressed when the request accepts it (browsers always do).
 */

export * from './scan-data-rows.ts';

export const scanDataQuerySchema = z
  .object({
    /** From `nextCursor` of the previous page; alone (it remembers `since` and `limit`). */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'Not a valid cursor.')
      .optional(),
    /** `syncedAt` of the last completed download: only what changed since then. */
    since: z.iso.datetime({ offset: true, error: 'Use the syncedAt of the last download.' }).optional(),
    limit: z.coerce.number().int().min(1).max(SCAN_DATA_MAX_PAGE_SIZE).default(SCAN_DATA_PAGE_SIZE),
    /**
     * The downloading device's own id (the `deviceId` of its scans), on every page. The server keeps
     * when each device first downloaded the event: a scan it decided offline cannot be older than that.
     */
    deviceId: deviceIdSchema.optional(),
  })
  .refine((query) => !(query.cursor && query.since), { path: ['cursor'], message: 'Give either a cursor or since.' });
export type ScanDataQuery = z.infer<typeof scanDataQuerySchema>;

export const scanDataEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  /** The door admits TEST tickets (status `t`) while this is on. Every page carries it, so changes reach devices. */
  testMode: z.boolean(),
});

/** An event's public key (base64url of the raw 32-byte Ed25519 key); several while keys rotate. */
export const scanDataKeySchema = z.object({ keyId: z.string(), publicKey: z.string() });

export const scanDataTicketTypeSchema = z.object({ id: z.uuid(), name: z.string() });

export const scanDataDeviceSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** `[index of the ticket in this page, admitted at (Unix seconds), index into devices]` */
export const scanDataCheckinSchema = z.tuple([z.number().int().min(0), z.number().int(), z.number().int().min(0)]);

export const scanDataTicketsSchema = z.object({
  /** base64url ticket ids, 22 characters each, concatenated. */
  ids: z.string().regex(/^(?:[A-Za-z0-9_-]{22})*$/),
  /** Index into `ticketTypes`, one per ticket. */
  types: z.array(z.number().int().min(0)),
  /** Holder name per ticket; '' when it is the buyer's name. */
  holders: z.array(z.string()),
  /** One character per ticket: v valid, x voided, u unpaid, t valid TEST ticket. */
  status: z.string().regex(/^[vxut]*$/),
  /** `codeStartLength` characters per ticket, concatenated: the code's characters after `AD1`. */
  codeStarts: z.string(),
  codeStartLength: z.number().int().min(0),
  /** Each ticket's short code (`SHORT_CODE_LENGTH` characters), concatenated. */
  shortCodes: z.string().regex(/^[0-9A-HJKMNP-TV-Z]*$/),
  /** Consecutive tickets per order, in order of `orders`; they add up to the number of tickets. */
  orderSizes: z.array(z.number().int().min(1)),
  /** Tickets admitted (checked in and not undone), sparse. */
  checkins: z.array(scanDataCheckinSchema),
  /**
   * Answers to the questions the organiser shows at the door (decision 064), sparse: [ticket index, "Label: answer"
   * lines joined by "\n"], a ticket's own answers and its order's. Absent when the page has none.
   */
  doorAnswers: z.array(z.tuple([z.number().int().min(0), z.string()])).optional(),
  /**
   * Tickets whose code replaced an earlier one (passed on, decision 069), sparse: [ticket index, the current code's
   * validFrom in Unix seconds]. A genuine code of such a ticket signed before that is an old one. Absent when none.
   */
  codesFrom: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
});
export type ScanDataTickets = z.infer<typeof scanDataTicketsSchema>;

export const scanDataOrdersSchema = z.object({
  references: z.array(z.string()),
  buyerNames: z.array(z.string()),
  /** Lower case. */
  buyerEmails: z.array(z.string()),
});

/** One scan from the server's append-only log (changes downloads only). */
export const scanDataScanSchema = z.object({
  clientScanId: z.uuid(),
  /** Index into `devices`. */
  device: z.number().int().min(0),
  /** base64url ticket id; null when the scan named no known ticket. */
  ticket: z.string().regex(ticketKeyPattern).nullable(),
  scannedAt: z.string(),
  direction: scanDirectionSchema,
  /** The server's verdict on this scan. */
  result: checkinResultSchema,
  /** Admitted nobody because an earlier scan of the ticket did (offline conflict). */
  duplicate: z.boolean(),
  /**
   * The device's clock was outside what the server knows (before it downloaded the event's scan data,
   * or after the upload): `scannedAt` is then when the server received the scan, and the organiser
   * should look at that device's clock.
   */
  clockSuspect: z.boolean(),
  /** When it was undone, if it was. */
  undoneAt: z.string().nullable(),
});
export type ScanDataScan = z.infer<typeof scanDataScanSchema>;

export const scanDataPageSchema = z.object({
  format: z.literal(SCAN_DATA_FORMAT),
  kind: z.enum(['full', 'changes']),
  event: scanDataEventSchema,
  keys: z.array(scanDataKeySchema),
  ticketTypes: z.array(scanDataTicketTypeSchema),
  devices: z.array(scanDataDeviceSchema),
  tickets: scanDataTicketsSchema,
  orders: scanDataOrdersSchema,
  /** base64url ids of tickets whose codes must not admit anyone: all of them (full, first page) or new ones. */
  revoked: z.array(z.string().regex(ticketKeyPattern)),
  /** The scan log since `since` (changes only; [] in a full download). */
  scans: z.array(scanDataScanSchema),
  /** Tickets in this whole download (for a progress bar); the same on every page. */
  totalTickets: z.number().int().min(0),
  nextCursor: z.string().nullable(),
  /** Server time this download reflects: pass it as `since` next time. */
  syncedAt: z.string(),
}) satisfies z.ZodType<ScanDataColumns>;
export type ScanDataPage = z.infer<typeof scanDataPageSchema>;

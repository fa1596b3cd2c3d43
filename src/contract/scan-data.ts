import { z } from 'zod';
import { checkinResultSchema, deviceIdSchema, scanDirectionSchema } from './checkins.ts';

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
 * - Check-ins are sparse: `tickets.checkins` lists `[index in this page, admitted at (Unix seconds), device index]`
 *   for admitted tickets only; device ids and names are in `devices`, referenced by index (from this page).
 * Minimum personal data: holder and buyer names, the buyer's email and the order reference (what search needs);
 * no prices, no phone numbers, no addresses, no payment data, no codes.
 *
 * The response is gzip-compressed when the request accepts it (browsers always do).
 */

export const SCAN_DATA_FORMAT = 1;
/** Tickets per page by default, and at most. */
export const SCAN_DATA_PAGE_SIZE = 10_000;
export const SCAN_DATA_MAX_PAGE_SIZE = 20_000;
/** Length of each entry of `tickets.codeStarts`. */
export const CODE_START_LENGTH = 5;
/** How often a scanning device asks for changes, at least. */
export const SCAN_DATA_POLL_MS = 30_000;

const ticketKeyPattern = /^[A-Za-z0-9_-]{22}$/;

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
  /** Consecutive tickets per order, in order of `orders`; they add up to the number of tickets. */
  orderSizes: z.array(z.number().int().min(1)),
  /** Tickets admitted (checked in and not undone), sparse. */
  checkins: z.array(scanDataCheckinSchema),
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
});
export type ScanDataPage = z.infer<typeof scanDataPageSchema>;

// --- ticket ids: UUID <-> 22-character base64url, isomorphic, no dependencies ---

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Map([...B64].map((char, index) => [char, index]));

/** A ticket id as it travels in scan data (base64url of its 16 bytes, no padding). */
export function ticketKey(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new RangeError('Not a UUID.');
  let out = '';
  // 16 bytes = 5 groups of 3 bytes (4 characters) and one byte (2 characters).
  for (let i = 0; i < 30; i += 6) {
    const n = Number.parseInt(hex.slice(i, i + 6), 16);
    out += B64.charAt((n >> 18) & 63) + B64.charAt((n >> 12) & 63) + B64.charAt((n >> 6) & 63) + B64.charAt(n & 63);
  }
  const last = Number.parseInt(hex.slice(30, 32), 16);
  return out + B64.charAt(last >> 2) + B64.charAt((last & 3) << 4);
}

const sextet = (key: string, index: number): number => B64_INDEX.get(key.charAt(index)) ?? 0;

/** The UUID (lower case, with dashes) of a scan-data ticket key. */
export function ticketIdFromKey(key: string): string {
  if (!ticketKeyPattern.test(key)) throw new RangeError('Not a ticket key.');
  let hex = '';
  for (let i = 0; i < 20; i += 4) {
    const n = (sextet(key, i) << 18) | (sextet(key, i + 1) << 12) | (sextet(key, i + 2) << 6) | sextet(key, i + 3);
    hex += n.toString(16).padStart(6, '0');
  }
  const last = (sextet(key, 20) << 2) | (sextet(key, 21) >> 4);
  hex += last.toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The base64url key of the i-th ticket of a page. */
export function ticketKeyAt(tickets: Pick<ScanDataTickets, 'ids'>, index: number): string {
  return tickets.ids.slice(index * 22, index * 22 + 22);
}

/** One ticket of a page, expanded (what a device stores and searches). */
export interface ScanDataTicketRow {
  id: string;
  key: string;
  ticketTypeId: string;
  typeName: string;
  holderName: string;
  orderReference: string;
  buyerName: string;
  buyerEmail: string;
  status: 'valid' | 'voided' | 'unpaid';
  /** A TEST ticket (paid in the payment sandbox); voided and unpaid ones are not told apart. */
  test: boolean;
  codeStart: string;
  /** When it was admitted, and by which device, if it was. */
  checkedIn: { at: string; deviceId: string; deviceName: string | null } | null;
}

const STATUS = { v: 'valid', x: 'voided', u: 'unpaid', t: 'valid' } as const;

/** Expands a page's columns into rows, in order. */
export function scanDataTicketRows(
  page: Pick<ScanDataPage, 'tickets' | 'orders' | 'ticketTypes' | 'devices'>,
): ScanDataTicketRow[] {
  const { tickets, orders, ticketTypes, devices } = page;
  const count = tickets.ids.length / 22;
  const checkins = new Map(tickets.checkins.map(([index, at, device]) => [index, { at, device }]));
  const rows: ScanDataTicketRow[] = [];
  let order = 0;
  let left = tickets.orderSizes[0] ?? 0;
  for (let i = 0; i < count; i += 1) {
    while (left === 0 && order < tickets.orderSizes.length - 1) {
      order += 1;
      left = tickets.orderSizes[order] ?? 0;
    }
    left -= 1;
    const key = ticketKeyAt(tickets, i);
    const type = ticketTypes[tickets.types[i] ?? -1];
    const checkin = checkins.get(i);
    const device = checkin ? devices[checkin.device] : undefined;
    const buyerName = orders.buyerNames[order] ?? '';
    rows.push({
      id: ticketIdFromKey(key),
      key,
      ticketTypeId: type?.id ?? '',
      typeName: type?.name ?? '',
      holderName: tickets.holders[i] || buyerName,
      orderReference: orders.references[order] ?? '',
      buyerName,
      buyerEmail: orders.buyerEmails[order] ?? '',
      status: STATUS[tickets.status[i] as keyof typeof STATUS] ?? 'valid',
      test: tickets.status[i] === 't',
      codeStart: tickets.codeStarts.slice(i * tickets.codeStartLength, (i + 1) * tickets.codeStartLength),
      checkedIn: checkin
        ? { at: new Date(checkin.at * 1000).toISOString(), deviceId: device?.id ?? '', deviceName: device?.name ?? null }
        : null,
    });
  }
  return rows;
}

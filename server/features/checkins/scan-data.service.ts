/**
 * The scan data a door device downloads (format in src/contract/scan-data.ts): every ticket of the event in
 * pages, or what changed since the device's last download. Pages are read by keyset (order, position, id), so a
 * page costs the same at the end of 100,000 tickets as at the start, and an interrupted download resumes.
 */
import { isUuid } from '../../../src/contract/ids.ts';
import {
  CODE_START_LENGTH,
  SCAN_DATA_FORMAT,
  type ScanDataPage,
  type ScanDataQuery,
  type ScanDataScan,
  ticketKey,
} from '../../../src/contract/scan-data.ts';
import { decodeTicketCode } from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { doorAnswerTexts } from '../questions/order-answers.service.ts';
import { recordDownload } from './checkins.repository.ts';
import type { DoorAccess } from './door-access.service.ts';
import {
  changedScans,
  downloadStart,
  revokedTickets,
  type TicketRow,
  ticketPage,
  ticketTypesOf,
} from './scan-data.repository.ts';

/** Changes overlap the previous download by this much: a transaction can commit after its clock time. */
const SINCE_OVERLAP_MS = 10_000;
/** A download must finish within a day of its start; after that, start again. */
const CURSOR_LIFETIME_MS = 24 * 3600 * 1000;
/** Scans sent in one changes download, at most (a device that far behind is better off with a full one). */
const MAX_SCANS = 50_000;

interface Cursor {
  /** syncedAt of this download (ms). */
  t: number;
  /** since (ms) for a changes download; null for a full one. */
  s: number | null;
  /** Page size. */
  l: number;
  /** Tickets in this download. */
  n: number;
  /** The last ticket sent: its order id, position and id. */
  o: string;
  p: number;
  i: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  const invalid = () => new HttpError('BAD_REQUEST', 'This download cannot be resumed. Please start it again.');
  let value: Partial<Cursor>;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw invalid();
  }
  const ok =
    typeof value === 'object' &&
    value !== null &&
    Number.isFinite(value.t) &&
    (value.s === null || Number.isFinite(value.s)) &&
    Number.isInteger(value.l) &&
    (value.l as number) > 0 &&
    (value.l as number) <= 20_000 &&
    Number.isInteger(value.n) &&
    isUuid(value.o) &&
    Number.isInteger(value.p) &&
    isUuid(value.i);
  if (!ok) throw invalid();
  if (Date.now() - (value.t as number) > CURSOR_LIFETIME_MS) throw invalid();
  return value as Cursor;
}

/** A ticket's one-character status in scan data (src/contract/scan-data.ts). */
function statusOf(row: TicketRow): string {
  if (row.status === 'voided') return 'x';
  if (row.order_status !== 'paid' && row.order_status !== 'partially_refunded') return 'u';
  return row.test ? 't' : 'v';
}

/** One page of the event's scan data; a device that names itself has its first download remembered (scan-clock.ts). */
export async function scanData(db: Db, access: DoorAccess, query: ScanDataQuery): Promise<ScanDataPage> {
  const eventId = access.eventId;
  if (query.deviceId) await recordDownload(db, eventId, query.deviceId, access.userId);
  let cursor: Cursor | null = query.cursor ? decodeCursor(query.cursor) : null;
  const first = cursor === null;
  if (!cursor) {
    const sinceMs = query.since ? Date.parse(query.since) - SINCE_OVERLAP_MS : null;
    const row = await downloadStart(db, eventId, sinceMs === null ? null : new Date(sinceMs));
    cursor = {
      t: new Date(row?.now ?? Date.now()).getTime(),
      s: sinceMs,
      l: query.limit,
      n: Number(row?.total ?? 0),
      o: '00000000-0000-0000-0000-000000000000',
      p: -1,
      i: '00000000-0000-0000-0000-000000000000',
    };
  }
  const since = cursor.s === null ? null : new Date(cursor.s);

  const tickets = await ticketPage(db, eventId, { orderId: cursor.o, position: cursor.p, id: cursor.i }, since, cursor.l);

  const [types, revoked, scans, answers] = await Promise.all([
    ticketTypesOf(db, eventId),
    first ? revokedTickets(db, eventId, since) : Promise.resolve([]),
    first && since ? recentScans(db, eventId, since) : Promise.resolve([]),
    doorAnswerTexts(db, tickets),
  ]);

  const typeIndex = new Map(types.map((type, index) => [type.id, index]));
  const devices: { id: string; name: string | null }[] = [];
  const deviceIndex = new Map<string, number>();
  const device = (id: string, name: string | null) => {
    let index = deviceIndex.get(id);
    if (index === undefined) {
      index = devices.length;
      devices.push({ id, name });
      deviceIndex.set(id, index);
    }
    return index;
  };

  const page: ScanDataPage = {
    format: SCAN_DATA_FORMAT,
    kind: since ? 'changes' : 'full',
    event: access.event,
    keys: access.publicKeys.map((publicKey, index) => ({ keyId: String(index + 1), publicKey })),
    ticketTypes: types,
    devices,
    tickets: {
      ids: '',
      types: [],
      holders: [],
      status: '',
      codeStarts: '',
      codeStartLength: CODE_START_LENGTH,
      shortCodes: '',
      orderSizes: [],
      checkins: [],
    },
    orders: { references: [], buyerNames: [], buyerEmails: [] },
    revoked: revoked.map((row) => ticketKey(row.ticket_id)),
    scans: [],
    totalTickets: cursor.n,
    nextCursor: null,
    syncedAt: new Date(cursor.t).toISOString(),
  };

  const ids: string[] = [];
  let status = '';
  let codeStarts = '';
  let shortCodes = '';
  let lastOrder = '';
  const doorAnswers: [number, string][] = [];
  const codesFrom: [number, number][] = [];
  for (const [index, row] of tickets.entries()) {
    ids.push(ticketKey(row.id));
    page.tickets.types.push(typeIndex.get(row.ticket_type_id) ?? 0);
    page.tickets.holders.push(row.holder_name === row.buyer_name ? '' : row.holder_name);
    status += statusOf(row);
    codeStarts += row.code_start.padEnd(CODE_START_LENGTH, ' ').slice(0, CODE_START_LENGTH);
    shortCodes += row.short_code;
    if (row.order_id !== lastOrder) {
      lastOrder = row.order_id;
      page.tickets.orderSizes.push(0);
      page.orders.references.push(row.reference);
      page.orders.buyerNames.push(row.buyer_name);
      page.orders.buyerEmails.push(row.buyer_email.toLowerCase());
    }
    const sizes = page.tickets.orderSizes;
    sizes[sizes.length - 1] = (sizes[sizes.length - 1] ?? 0) + 1;
    if (row.a_scanned_at && row.a_device_id) {
      const at = Math.floor(new Date(row.a_scanned_at).getTime() / 1000);
      page.tickets.checkins.push([index, at, device(row.a_device_id, row.a_device_name)]);
    }
    const answer = answers.get(`${row.order_id}@${row.position}`);
    if (answer) doorAnswers.push([index, answer]);
    const replaced = row.replaced_code ? decodeTicketCode(row.replaced_code) : null;
    if (replaced?.ok) codesFrom.push([index, Math.floor(replaced.payload.validFrom.getTime() / 1000)]);
  }
  if (doorAnswers.length > 0) page.tickets.doorAnswers = doorAnswers;
  if (codesFrom.length > 0) page.tickets.codesFrom = codesFrom;
  page.tickets.ids = ids.join('');
  page.tickets.status = status;
  page.tickets.codeStarts = codeStarts;
  page.tickets.shortCodes = shortCodes;
  page.scans = scans.map((scan) => ({ ...scan, device: device(scan.device, scan.deviceName) })).map(stripName);

  const last = tickets.at(-1);
  if (last && tickets.length === cursor.l) {
    page.nextCursor = encodeCursor({ ...cursor, o: last.order_id, p: last.position, i: last.id });
  }
  return page;
}

type ScanWithName = Omit<ScanDataScan, 'device'> & { device: string; deviceName: string | null };

const stripName = ({ deviceName: _, device, ...scan }: Omit<ScanWithName, 'device'> & { device: number }): ScanDataScan => ({
  ...scan,
  device,
});

async function recentScans(db: Db, eventId: string, since: Date): Promise<ScanWithName[]> {
  const rows = await changedScans(db, eventId, since, MAX_SCANS);
  return rows.map((row) => ({
    clientScanId: row.client_scan_id,
    device: row.device_id,
    deviceName: row.device_name,
    ticket: row.ticket_id ? ticketKey(row.ticket_id) : null,
    scannedAt: new Date(row.scanned_at).toISOString(),
    direction: row.direction,
    result: row.result,
    duplicate: row.duplicate,
    clockSuspect: row.clock_suspect,
    undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  }));
}

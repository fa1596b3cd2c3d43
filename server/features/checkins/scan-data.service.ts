/**
 * The scan data a door device downloads (format in src/contract/scan-data.ts): every ticket of the event in
 * pages, or what changed since the device's last download. Pages are read by keyset (order, position, id), so a
 * page costs the same at the end of 100,000 tickets as at the start, and an interrupted download resumes.
 */
import { sql } from 'kysely';
import type { CheckinResult } from '../../../src/contract/checkins.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import {
  CODE_START_LENGTH,
  SCAN_DATA_FORMAT,
  type ScanDataPage,
  type ScanDataQuery,
  type ScanDataScan,
  ticketKey,
} from '../../../src/contract/scan-data.ts';
import { TICKET_CODE_PREFIX } from '../../../src/contract/ticket-code.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { DoorAccess } from './door-access.ts';

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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    typeof value.o === 'string' &&
    uuidPattern.test(value.o) &&
    Number.isInteger(value.p) &&
    typeof value.i === 'string' &&
    uuidPattern.test(value.i);
  if (!ok) throw invalid();
  if (Date.now() - (value.t as number) > CURSOR_LIFETIME_MS) throw invalid();
  return value as Cursor;
}

interface TicketRow {
  id: string;
  order_id: string;
  position: number;
  ticket_type_id: string;
  holder_name: string;
  status: 'valid' | 'voided';
  code_start: string;
  reference: string;
  buyer_name: string;
  buyer_email: string;
  order_status: string;
  test: boolean;
  a_scanned_at: Date | string | null;
  a_device_id: string | null;
  a_device_name: string | null;
}

/** The tickets of a changes download: created, voided, re-priced by their order, revoked or scanned since. */
const changedSince = (eventId: string, since: Date) => sql`(
     t.created_at > ${since} or t.voided_at > ${since}
  or t.order_id in (select o2.id from orders o2 where o2.event_id = ${eventId} and o2.updated_at > ${since})
  or t.id in (select c.ticket_id from checkins c where c.event_id = ${eventId} and c.changed_at > ${since})
  or t.id in (select r.ticket_id from ticket_revocations r where r.event_id = ${eventId} and r.revoked_at > ${since}))`;

/** A ticket's one-character status in scan data (src/contract/scan-data.ts). */
function statusOf(row: TicketRow): string {
  if (row.status === 'voided') return 'x';
  if (row.order_status !== 'paid' && row.order_status !== 'partially_refunded') return 'u';
  return row.test ? 't' : 'v';
}

export async function scanData(db: Db, access: DoorAccess, query: ScanDataQuery): Promise<ScanDataPage> {
  const eventId = access.eventId;
  let cursor: Cursor | null = query.cursor ? decodeCursor(query.cursor) : null;
  const first = cursor === null;
  if (!cursor) {
    const sinceMs = query.since ? Date.parse(query.since) - SINCE_OVERLAP_MS : null;
    const { rows } = await sql<{ now: Date | string; total: string | number }>`
      select now() as now, (select count(*) from tickets t where t.event_id = ${eventId}
        ${sinceMs === null ? sql`` : sql`and ${changedSince(eventId, new Date(sinceMs))}`}) as total`.execute(db);
    const row = rows[0];
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

  const { rows: tickets } = await sql<TicketRow>`
    select t.id, t.order_id, t.position, t.ticket_type_id, t.holder_name, t.status,
           substr(t.code, ${TICKET_CODE_PREFIX.length + 1}, ${CODE_START_LENGTH}) as code_start,
           o.reference, o.buyer_name, o.buyer_email, o.status as order_status, o.provider = ${TEST_PROVIDER} as test,
           a.scanned_at as a_scanned_at, a.device_id as a_device_id, a.device_name as a_device_name
      from tickets t
      join orders o on o.id = t.order_id
      left join ticket_admissions a on a.ticket_id = t.id
     where t.event_id = ${eventId}
       and (t.order_id, t.position, t.id) > (${cursor.o}, ${cursor.p}, ${cursor.i})
       ${since ? sql`and ${changedSince(eventId, since)}` : sql``}
     order by t.order_id, t.position, t.id
     limit ${cursor.l}`.execute(db);

  const [types, revoked, scans] = await Promise.all([
    db
      .selectFrom('ticket_types')
      .select(['id', 'name'])
      .where('event_id', '=', eventId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    first
      ? db
          .selectFrom('ticket_revocations')
          .select('ticket_id')
          .where('event_id', '=', eventId)
          .$if(since !== null, (qb) => qb.where('revoked_at', '>', since as Date))
          .orderBy('ticket_id')
          .execute()
      : Promise.resolve([]),
    first && since ? recentScans(db, eventId, since) : Promise.resolve([]),
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
  let lastOrder = '';
  for (const [index, row] of tickets.entries()) {
    ids.push(ticketKey(row.id));
    page.tickets.types.push(typeIndex.get(row.ticket_type_id) ?? 0);
    page.tickets.holders.push(row.holder_name === row.buyer_name ? '' : row.holder_name);
    status += statusOf(row);
    codeStarts += row.code_start.padEnd(CODE_START_LENGTH, ' ').slice(0, CODE_START_LENGTH);
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
  }
  page.tickets.ids = ids.join('');
  page.tickets.status = status;
  page.tickets.codeStarts = codeStarts;
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
  const { rows } = await sql<{
    client_scan_id: string;
    device_id: string;
    device_name: string | null;
    ticket_id: string | null;
    scanned_at: Date | string;
    direction: 'in' | 'out';
    result: CheckinResult;
    duplicate: boolean;
    clock_suspect: boolean;
    undone_at: Date | string | null;
  }>`
    select c.client_scan_id, c.device_id, c.device_name, c.ticket_id, c.scanned_at, c.direction, c.result, c.duplicate,
           c.clock_suspect, u.received_at as undone_at
      from checkins c
      left join checkins u on u.undoes = c.id
     where c.event_id = ${eventId} and c.kind = 'scan' and c.changed_at > ${since}
     order by c.changed_at, c.id
     limit ${MAX_SCANS}`.execute(db);
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

/**
 * Every statement of a check-in: who may scan, the check-in log, ticket admissions, door locks, device downloads
 * and live counts (the scan data download's are in scan-data.repository.ts). SQL only; the rules are the services'.
 */
import { sql } from 'kysely';
import type { CheckinResult } from '../../../src/contract/checkins.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import type { MemberRole } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';

/** The event, the caller's membership and name, and the event's public key, in one row. */
export interface DoorAccessRow {
  id: string;
  organization_id: string;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  timezone: string;
  status: 'draft' | 'published' | 'cancelled';
  test_mode: boolean;
  role: MemberRole | null;
  first_name: string | null;
  last_name: string | null;
  public_key: string | null;
}

export async function findDoorAccess(db: Executor, eventId: string, userId: string): Promise<DoorAccessRow | undefined> {
  const { rows } = await sql<DoorAccessRow>`
    select e.id, e.organization_id, e.title, e.starts_at, e.ends_at, e.timezone, e.status, e.test_mode,
           m.role, u.first_name, u.last_name, k.public_key
      from events e
      left join organization_members m on m.organization_id = e.organization_id and m.user_id = ${userId}
      left join users u on u.id = m.user_id
      left join event_signing_keys k on k.event_id = e.id
     where e.id = ${eventId}`.execute(db);
  return rows[0];
}

/** The code issued for the event's ticket with this short code, whatever the ticket's state; undefined when none. */
export async function issuedCodeOfShortCode(db: Executor, eventId: string, shortCode: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tickets')
    .select('code')
    .where('short_code', '=', shortCode)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.code;
}

export async function publicKeysOfEvent(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom('event_signing_keys').select('public_key').where('event_id', '=', eventId).execute();
  return rows.map((row) => row.public_key);
}

/**
 * Whoever decides a ticket's admission holds its door lock until commit: the online batch (for each of its
 * tickets, in lock order), an offline upload and an undo. An advisory lock: taking it writes nothing.
 */
const DOOR_LOCK_CLASS = 6006;

export async function takeDoorLock(trx: Executor, ticketId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${DOOR_LOCK_CLASS}, hashtext(${ticketId}))`.execute(trx);
}

/** Repeats of one scan (a retried upload racing the first) wait on this lock for each other. */
export async function takeScanLock(trx: Executor, deviceId: string, clientScanId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${deviceId}:${clientScanId}`}))`.execute(trx);
}

/** What the door shows of a ticket, as read with it. */
export interface TicketFacts {
  id: string;
  event_id: string;
  ticket_type_id: string;
  holder_name: string;
  type_name: string;
  reference: string;
  /** Its order was paid in the sandbox: a TEST ticket. */
  test: boolean;
}

/** A ticket with its order's state, its revocation and its admission (the `a_` columns), for a decision. */
export interface TicketState extends TicketFacts {
  status: 'valid' | 'voided';
  code: string;
  order_status: string;
  revoked: boolean;
  a_checkin_id: string | null;
  a_scanned_at: Date | string | null;
  a_device_id: string | null;
  a_device_name: string | null;
  a_inside: boolean | null;
  a_moved_at: Date | string | null;
}

/** `lock`: the ticket's row stays locked until commit. */
export async function readTicket(db: Executor, ticketId: string, lock = false): Promise<TicketState | null> {
  const { rows } = await sql<TicketState>`
    select t.id, t.event_id, t.status, t.code, t.ticket_type_id, t.holder_name, tt.name as type_name,
           o.reference, o.status as order_status, o.provider = ${TEST_PROVIDER} as test,
           exists (select 1 from ticket_revocations r where r.ticket_id = t.id) as revoked,
           a.checkin_id as a_checkin_id, a.scanned_at as a_scanned_at, a.device_id as a_device_id,
           a.device_name as a_device_name, a.inside as a_inside, a.moved_at as a_moved_at
      from tickets t
      join orders o on o.id = t.order_id
      join ticket_types tt on tt.id = t.ticket_type_id
      left join ticket_admissions a on a.ticket_id = t.id
     where t.id = ${ticketId}
     ${lock ? sql`for update of t` : sql``}`.execute(db);
  return rows[0] ?? null;
}

/** A scan already in the log, found by its device and the device's id for it. */
export interface LoggedScan {
  id: string;
  ticket_id: string | null;
  result: CheckinResult;
  duplicate: boolean;
}

export async function findLogged(db: Executor, deviceId: string, clientScanId: string): Promise<LoggedScan | null> {
  const row = await db
    .selectFrom('checkins')
    .select(['id', 'ticket_id', 'result', 'duplicate'])
    .where('device_id', '=', deviceId)
    .where('client_scan_id', '=', clientScanId)
    .where('kind', '=', 'scan')
    .executeTakeFirst();
  return row ? { ...row, result: row.result as CheckinResult } : null;
}

/** The ticket's admission: when and on which device it first came in. */
export function findAdmission(db: Executor, ticketId: string) {
  return db
    .selectFrom('ticket_admissions')
    .select(['scanned_at', 'device_id', 'device_name'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

/** A scan's row in the check-in log. */
export interface ScanRow {
  id: string;
  event_id: string;
  ticket_id: string | null;
  device_id: string;
  client_scan_id: string;
  user_id: string;
  device_name: string;
  direction: 'in' | 'out';
  manual: boolean;
  scanned_at: Date;
  result: CheckinResult;
  offline_result: string | null;
  duplicate: boolean;
  code_hash: string;
  clock_suspect: boolean;
  device_scanned_at: Date | null;
}

export async function insertScan(db: Executor, row: ScanRow): Promise<void> {
  await db.insertInto('checkins').values(row).execute();
}

/** Logs the scan unless a scan with its device and id is logged already; false then. */
export async function insertScanIfNew(db: Executor, row: ScanRow): Promise<boolean> {
  const inserted = await db
    .insertInto('checkins')
    .values(row)
    // The partial index's condition written out, not a parameter: a prepared statement must name its arbiter index.
    .onConflict((oc) => oc.columns(['device_id', 'client_scan_id']).where(sql<boolean>`kind = 'scan'`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A ticket's first admission, by the scan `row`. */
export async function insertAdmission(trx: Executor, ticketId: string, row: ScanRow): Promise<void> {
  await trx
    .insertInto('ticket_admissions')
    .values({
      ticket_id: ticketId,
      event_id: row.event_id,
      checkin_id: row.id,
      scanned_at: row.scanned_at,
      device_id: row.device_id,
      device_name: row.device_name,
      inside: true,
      moved_at: row.scanned_at,
    })
    .execute();
}

/** The ticket went out (`inside` false) or came back in, at `at`. */
export async function moveAdmission(trx: Executor, ticketId: string, inside: boolean, at: Date): Promise<void> {
  await trx.updateTable('ticket_admissions').set({ inside, moved_at: at }).where('ticket_id', '=', ticketId).execute();
}

/** The scan `row` becomes the ticket's admission; the scan that held it is flagged duplicate. */
export async function takeOverAdmission(trx: Executor, ticketId: string, row: ScanRow, heldBy: string): Promise<void> {
  await trx
    .updateTable('ticket_admissions')
    .set({ checkin_id: row.id, scanned_at: row.scanned_at, device_id: row.device_id, device_name: row.device_name })
    .where('ticket_id', '=', ticketId)
    .execute();
  await trx.updateTable('checkins').set({ duplicate: true, changed_at: sql`now()` }).where('id', '=', heldBy).execute();
}

/** One scan as the statement reads it (jsonb_to_recordset). */
export interface AdmissionInput {
  id: string;
  event_id: string;
  ticket_id: string;
  device_id: string;
  client_scan_id: string;
  user_id: string;
  device_name: string;
  manual: boolean;
  scanned_at: string;
  clock_suspect: boolean;
  device_scanned_at: string | null;
  code: string | null;
  win: 'valid' | 'not_yet_valid' | 'expired';
  code_hash: string;
  /** The event is in test mode: TEST tickets come in. */
  test_mode: boolean;
}

export interface AdmissionRow {
  verdict: CheckinResult | 'admissible' | 'repeat' | 'mismatch';
  t_id: string | null;
  t_event_id: string | null;
  ticket_type_id: string | null;
  type_name: string | null;
  holder_name: string | null;
  reference: string | null;
  test: boolean | null;
  /** What this scan's log row says; null when a concurrent repeat of the scan was recorded first. */
  result: CheckinResult | null;
  prior_result: CheckinResult | null;
  prior_duplicate: boolean | null;
  prior_ticket_id: string | null;
  first_at: Date | string | null;
  first_device_id: string | null;
  first_device_name: string | null;
}

/**
 * Online entry scans in one statement: reads each ticket's state, admits what may come in (INSERT … ON CONFLICT on
 * ticket_admissions, so of two devices scanning a ticket at once exactly one admits it) and writes every scan's
 * log row. The items name distinct tickets and scans; a row per item, in their order.
 */
export async function admitEntries(db: Executor, items: AdmissionInput[]): Promise<AdmissionRow[]> {
  const payload = JSON.stringify(items.map((item, idx) => ({ ...item, idx })));
  const { rows } = await sql<AdmissionRow>`
    with input as (
      select * from jsonb_to_recordset(${payload}::jsonb) as x(
        idx int, id uuid, event_id uuid, ticket_id uuid, device_id text, client_scan_id uuid, user_id uuid,
        device_name text, manual boolean, scanned_at timestamptz, clock_suspect boolean, device_scanned_at timestamptz,
        code text, win text, code_hash text, test_mode boolean)
    ), door as (
      -- Each ticket's door lock, all taken before anything is written and always in the same order, so batches
      -- (on several instances too) never deadlock one another.
      select pg_advisory_xact_lock(${DOOR_LOCK_CLASS}, h) from (
        select distinct hashtext(ticket_id::text) as h from input order by 1) x
    ), state as (
      select i.*, t.id as t_id, t.event_id as t_event_id, t.ticket_type_id, t.holder_name, tt.name as type_name,
             o.reference, o.provider = ${TEST_PROVIDER} as test, p.result as prior_result, p.duplicate as prior_duplicate, p.ticket_id as prior_ticket_id,
             case
               when p.result is not null then 'repeat'
               -- An id from another event (manual entry) is as unknown here as one that does not exist.
               when t.id is null or t.event_id <> i.event_id then 'invalid'
               -- Not the code issued for this ticket: decided after the statement, by its signature.
               when i.code is not null and i.code <> t.code then 'mismatch'
               when t.status = 'voided' or exists (select 1 from ticket_revocations r where r.ticket_id = t.id)
                 then 'voided'
               when o.status not in ('paid', 'partially_refunded') then 'unpaid'
               when o.provider = ${TEST_PROVIDER} and not i.test_mode then 'test_ticket'
               when i.win <> 'valid' then i.win
               else 'admissible'
             end as verdict
        from input i
        -- Lookups by key, one per scan (LIMIT keeps them so): the log and the admissions only grow.
        left join lateral (
          select c.ticket_id, c.result, c.duplicate from checkins c
           where c.device_id = i.device_id and c.client_scan_id = i.client_scan_id and c.kind = 'scan' limit 1
        ) p on true
        left join tickets t on t.id = i.ticket_id
        left join orders o on o.id = t.order_id
        left join ticket_types tt on tt.id = t.ticket_type_id
    ), adm as (
      insert into ticket_admissions (ticket_id, event_id, checkin_id, scanned_at, device_id, device_name, inside, moved_at)
      select s.ticket_id, s.event_id, s.id, s.scanned_at, s.device_id, s.device_name, true, s.scanned_at
        from state s
       where (select count(*) from door) >= 0 and s.verdict = 'admissible'
      -- In already: refused (already used). Outside after an exit: back in.
      on conflict (ticket_id) do update set inside = true, moved_at = excluded.moved_at
       where ticket_admissions.inside = false
      returning ticket_id
    ), logged as (
      insert into checkins (id, event_id, ticket_id, device_id, client_scan_id, user_id, device_name, direction, manual,
                            scanned_at, clock_suspect, device_scanned_at, result, code_hash)
      select s.id, s.event_id, case when s.t_event_id = s.event_id then s.ticket_id end, s.device_id, s.client_scan_id,
             s.user_id, s.device_name, 'in', s.manual, s.scanned_at, s.clock_suspect, s.device_scanned_at,
             case when s.verdict <> 'admissible' then s.verdict
                  when exists (select 1 from adm a where a.ticket_id = s.ticket_id) then 'valid'
                  else 'already_used' end,
             s.code_hash
        from state s
       where s.verdict not in ('repeat', 'mismatch')
      on conflict (device_id, client_scan_id) where kind = 'scan' do nothing
      returning id, result
    )
    select s.verdict, s.t_id, s.t_event_id, s.ticket_type_id, s.type_name, s.holder_name, s.reference, s.test, l.result,
           s.prior_result, s.prior_duplicate, s.prior_ticket_id,
           f.scanned_at as first_at, f.device_id as first_device_id, f.device_name as first_device_name
      from state s
      left join logged l on l.id = s.id
      left join lateral (
        select a.scanned_at, a.device_id, a.device_name from ticket_admissions a where a.ticket_id = s.ticket_id limit 1
      ) f on true
     order by s.idx`.execute(db);
  return rows;
}

/** A scan (not an undo) of the event, by its device and the device's id for it. */
export function findEventScan(trx: Executor, eventId: string, deviceId: string, clientScanId: string) {
  return trx
    .selectFrom('checkins')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('device_id', '=', deviceId)
    .where('client_scan_id', '=', clientScanId)
    .where('kind', '=', 'scan')
    .executeTakeFirst();
}

/** The undo row of a scan, if it was undone. */
export function findUndoOf(trx: Executor, scanId: string) {
  return trx.selectFrom('checkins').select(['received_at']).where('undoes', '=', scanId).executeTakeFirst();
}

/** Deletes the admission the scan made; false when it made none. */
export async function deleteAdmissionBy(trx: Executor, ticketId: string, scanId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('ticket_admissions')
    .where('ticket_id', '=', ticketId)
    .where('checkin_id', '=', scanId)
    .returning('ticket_id')
    .executeTakeFirst();
  return deleted !== undefined;
}

export interface UndoRow {
  id: string;
  event_id: string;
  ticket_id: string;
  device_id: string;
  client_scan_id: string;
  user_id: string;
  device_name: string;
  direction: 'in' | 'out';
  scanned_at: Date;
  result: string;
  undoes: string;
  reason: string;
}

/** Logs the undo of a scan and marks the scan changed (devices learn of the undo through its changed_at). */
export async function insertUndo(trx: Executor, undo: UndoRow): Promise<Date> {
  const row = await trx
    .insertInto('checkins')
    .values({ ...undo, kind: 'undo' })
    .returning('received_at')
    .executeTakeFirstOrThrow();
  await trx.updateTable('checkins').set({ changed_at: sql`now()` }).where('id', '=', undo.undoes).execute();
  return row.received_at;
}

type Count = string | number;

export async function countDoor(db: Executor, eventId: string) {
  const { rows } = await sql<{ sold: Count; checked_in: Count; inside: Count; clock_suspect: Count }>`
    select (select count(*) from tickets t join orders o on o.id = t.order_id
             where t.event_id = ${eventId} and t.status = 'valid' and o.status in ('paid', 'partially_refunded')) as sold,
           (select count(*) from ticket_admissions where event_id = ${eventId}) as checked_in,
           (select count(*) from ticket_admissions where event_id = ${eventId} and inside) as inside,
           (select count(*) from checkins where event_id = ${eventId} and clock_suspect) as clock_suspect`.execute(db);
  return rows[0];
}

/**
 * Remembers the first time the device downloaded the event's scan data (later downloads keep it), and the latest
 * (the dashboard's "last in touch": a device uploads its queue before it fetches).
 */
export async function recordDownload(db: Executor, eventId: string, deviceId: string, userId: string): Promise<void> {
  await db
    .insertInto('scan_data_downloads')
    .values({ event_id: eventId, device_id: deviceId, user_id: userId })
    .onConflict((oc) => oc.columns(['event_id', 'device_id']).doUpdateSet({ synced_at: sql`now()`, user_id: userId }))
    .execute();
}

/** The device uploaded scans it decided offline, now (the dashboard names devices that then go silent). */
export async function recordUpload(db: Executor, eventId: string, deviceIds: string[], deviceName: string): Promise<void> {
  if (deviceIds.length === 0) return;
  await db
    .updateTable('scan_data_downloads')
    .set({ uploaded_at: sql`now()`, device_name: deviceName })
    .where('event_id', '=', eventId)
    .where('device_id', 'in', [...new Set(deviceIds)])
    .execute();
}

/** When each of the devices first downloaded the event; devices that never did are absent. */
export async function firstDownloads(db: Executor, eventId: string, deviceIds: string[]): Promise<Map<string, Date>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scan_data_downloads')
    .select(['device_id', 'downloaded_at'])
    .where('event_id', '=', eventId)
    .where('device_id', 'in', [...new Set(deviceIds)])
    .execute();
  return new Map(rows.map((row) => [row.device_id, new Date(row.downloaded_at)]));
}

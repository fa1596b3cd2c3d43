/**
 * Online entry scans of signed or typed tickets: the server's verdict and the admission in one statement.
 *
 * Scans that arrive together (many scanners at a busy door) share that statement: a batch reads each ticket's
 * state, admits what may come in (INSERT … ON CONFLICT on ticket_admissions, so of two devices scanning a
 * ticket at once exactly one admits it) and writes every scan's log row — one round trip and one commit for
 * the lot; the tickets table is only read. A batch never holds a ticket twice (the batcher keeps them apart),
 * takes its tickets' door locks in one order before writing (so batches on several instances cannot deadlock
 * one another) and, if the database still gives up on it, runs its scans one at a time.
 */
import { sql } from 'kysely';
import type { CheckinRequest, CheckinResponse, CheckinResult } from '../../../src/contract/checkins.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { type Batcher, createBatcher } from '../../lib/batcher.ts';
import { verifyTicketCodeNow } from '../../lib/tickets/verify-ticket-code.ts';
import type { DoorAccess } from './door-access.ts';
import type { Identified } from './identify-scan.ts';
import type { ScanTime } from './scan-clock.ts';
import {
  DOOR_LOCK_CLASS,
  findLogged,
  firstCheckIn,
  iso,
  logOnly,
  replay,
  scanRow,
  type TicketFacts,
  ticketView,
} from './scan-records.ts';

type TicketScan = Extract<Identified, { kind: 'ticket' }>;

/** One scan as the statement reads it (jsonb_to_recordset). */
interface AdmissionInput {
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
  win: TicketScan['window'];
  code_hash: string;
  /** The event is in test mode: TEST tickets come in. */
  test_mode: boolean;
}

interface AdmissionRow {
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

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

async function admitStatement(db: Db, items: AdmissionInput[]): Promise<AdmissionRow[]> {
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

async function runBatch(db: Db, items: AdmissionInput[]): Promise<AdmissionRow[]> {
  try {
    return await admitStatement(db, items);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (items.length === 1 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    const rows: AdmissionRow[] = [];
    for (const item of items) rows.push(...(await admitStatement(db, [item])));
    return rows;
  }
}

const batchers = new WeakMap<Db, Batcher<AdmissionInput, AdmissionRow>>();

function batcherOf(db: Db): Batcher<AdmissionInput, AdmissionRow> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher({
      run: (items) => runBatch(db, items),
      keys: (item) => [item.ticket_id, `${item.device_id}:${item.client_scan_id}`],
      maxBatch: 64,
      maxInFlight: 2,
    });
    batchers.set(db, batcher);
  }
  return batcher;
}

/** The first admission's when and where, for "already used". */
async function firstOf(db: Db, row: AdmissionRow, ticketId: string): Promise<CheckinResponse['firstCheckIn']> {
  if (row.first_at && row.first_device_id)
    return { at: iso(row.first_at), deviceId: row.first_device_id, deviceName: row.first_device_name };
  // Admitted by a transaction that committed while this one ran: read it now.
  return firstCheckIn(db, ticketId);
}

/** An online entry scan of a ticket of ours (signature checked, or a typed id): decided and recorded. */
export async function admitOnline(
  db: Db,
  access: DoorAccess,
  scan: CheckinRequest,
  found: TicketScan,
  time: ScanTime,
): Promise<CheckinResponse> {
  const row = scanRow(access, scan, found.ticketId, 'valid', time);
  const answer = await batcherOf(db).submit({
    id: row.id,
    event_id: row.event_id,
    ticket_id: found.ticketId,
    device_id: row.device_id,
    client_scan_id: row.client_scan_id,
    user_id: row.user_id,
    device_name: row.device_name,
    manual: row.manual,
    scanned_at: row.scanned_at.toISOString(),
    clock_suspect: row.clock_suspect,
    device_scanned_at: row.device_scanned_at?.toISOString() ?? null,
    code: found.code,
    win: found.window,
    code_hash: row.code_hash,
    test_mode: access.event.testMode,
  });
  const facts: TicketFacts | null =
    answer.t_id && answer.t_event_id
      ? {
          id: answer.t_id,
          event_id: answer.t_event_id,
          ticket_type_id: answer.ticket_type_id ?? '',
          type_name: answer.type_name ?? '',
          holder_name: answer.holder_name ?? '',
          reference: answer.reference ?? '',
          test: answer.test ?? false,
        }
      : null;
  const ticket = ticketView(facts, access);
  if (answer.verdict === 'mismatch') {
    // Another code for this ticket: an earlier one we signed (reissued, so void) or a forgery.
    const genuine = verifyTicketCodeNow(scan.code, access.publicKeys).ok;
    const result = genuine ? 'voided' : 'invalid';
    return logOnly(db, access, scanRow(access, scan, genuine ? found.ticketId : null, result, time), genuine ? facts : null);
  }
  if (answer.prior_result) {
    // A repeat of a scan recorded before: what was decided then.
    const used = answer.prior_result === 'already_used' && answer.prior_ticket_id;
    return {
      result: answer.prior_result,
      ticket: answer.prior_ticket_id ? ticket : null,
      firstCheckIn: used ? await firstOf(db, answer, found.ticketId) : null,
      duplicate: answer.prior_duplicate ?? false,
    };
  }
  if (!answer.result) {
    // The same scan was recorded a moment ago by a concurrent request: answer what it decided.
    const again = await findLogged(db, scan.deviceId, scan.clientScanId);
    if (again) return replay(db, access, again);
    throw new Error('check-in was neither recorded nor found');
  }
  return {
    result: answer.result,
    ticket,
    firstCheckIn: answer.result === 'already_used' ? await firstOf(db, answer, found.ticketId) : null,
    duplicate: false,
  };
}

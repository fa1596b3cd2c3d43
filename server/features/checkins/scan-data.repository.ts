/**
 * The statements of the scan data download (scan-data.service.ts): tickets by keyset (order, position, id), the
 * event's ticket types and revocations, and the scans that changed. SQL only.
 */
import { sql } from 'kysely';
import type { CheckinResult } from '../../../src/contract/checkins.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import { CODE_START_LENGTH } from '../../../src/contract/scan-data.ts';
import { TICKET_CODE_PREFIX } from '../../../src/contract/ticket-code.ts';
import type { Executor } from '../../db/database.ts';

/** The tickets of a changes download: created, voided, re-priced by their order, revoked or scanned since. */
const changedSince = (eventId: string, since: Date) => sql`(
     t.created_at > ${since} or t.voided_at > ${since}
  or t.order_id in (select o2.id from orders o2 where o2.event_id = ${eventId} and o2.updated_at > ${since})
  or t.id in (select c.ticket_id from checkins c where c.event_id = ${eventId} and c.changed_at > ${since})
  or t.id in (select r.ticket_id from ticket_revocations r where r.event_id = ${eventId} and r.revoked_at > ${since}))`;

/** The database's clock as a download starts, and how many tickets it holds (those changed since `since`, if given). */
export async function downloadStart(db: Executor, eventId: string, since: Date | null) {
  const { rows } = await sql<{ now: Date | string; total: string | number }>`
    select now() as now, (select count(*) from tickets t where t.event_id = ${eventId}
      ${since === null ? sql`` : sql`and ${changedSince(eventId, since)}`}) as total`.execute(db);
  return rows[0];
}

export interface TicketRow {
  id: string;
  order_id: string;
  position: number;
  ticket_type_id: string;
  holder_name: string;
  status: 'valid' | 'voided';
  code_start: string;
  /** The whole code of a ticket passed on (decision 069), whose validFrom the door needs; else null. */
  replaced_code: string | null;
  short_code: string;
  reference: string;
  buyer_name: string;
  buyer_email: string;
  order_status: string;
  test: boolean;
  a_scanned_at: Date | string | null;
  a_device_id: string | null;
  a_device_name: string | null;
}

/** Where a page starts: after the ticket with this order id, position and id. */
export interface TicketKey {
  orderId: string;
  position: number;
  id: string;
}

/** Up to `limit` tickets after `after`, with their order and admission; only those changed since `since`, if given. */
export async function ticketPage(
  db: Executor,
  eventId: string,
  after: TicketKey,
  since: Date | null,
  limit: number,
): Promise<TicketRow[]> {
  const { rows } = await sql<TicketRow>`
    select t.id, t.order_id, t.position, t.ticket_type_id, t.holder_name, t.status,
           substr(t.code, ${TICKET_CODE_PREFIX.length + 1}, ${CODE_START_LENGTH}) as code_start, t.short_code,
           case when t.holder_version > 0 then t.code end as replaced_code,
           o.reference, o.buyer_name, o.buyer_email, o.status as order_status, o.provider = ${TEST_PROVIDER} as test,
           a.scanned_at as a_scanned_at, a.device_id as a_device_id, a.device_name as a_device_name
      from tickets t
      join orders o on o.id = t.order_id
      left join ticket_admissions a on a.ticket_id = t.id
     where t.event_id = ${eventId}
       and (t.order_id, t.position, t.id) > (${after.orderId}, ${after.position}, ${after.id})
       ${since ? sql`and ${changedSince(eventId, since)}` : sql``}
     order by t.order_id, t.position, t.id
     limit ${limit}`.execute(db);
  return rows;
}

export function ticketTypesOf(db: Executor, eventId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The event's revoked tickets; only those revoked after `since`, if given. */
export function revokedTickets(db: Executor, eventId: string, since: Date | null) {
  return db
    .selectFrom('ticket_revocations')
    .select('ticket_id')
    .where('event_id', '=', eventId)
    .$if(since !== null, (qb) => qb.where('revoked_at', '>', since as Date))
    .orderBy('ticket_id')
    .execute();
}

/** Scans of the event changed after `since` (recorded, flagged or undone), oldest change first, at most `limit`. */
export async function changedScans(db: Executor, eventId: string, since: Date, limit: number) {
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
     limit ${limit}`.execute(db);
  return rows;
}

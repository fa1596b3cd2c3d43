import { sql } from 'kysely';
import { ARRIVAL_SLOT_MINUTES } from '../../../src/contract/dashboard.ts';
import type { Executor } from '../../db/database.ts';

export interface ArrivalEvent {
  id: string;
  title: string;
  timezone: string;
  starts_at: Date;
  ends_at: Date;
}

const eventColumns = ['id', 'title', 'timezone', 'starts_at', 'ends_at'] as const;

/** The chosen event, for its arrivals. */
export function arrivalEvent(db: Executor, eventId: string): Promise<ArrivalEvent[]> {
  return db.selectFrom('events').select(eventColumns).where('id', '=', eventId).execute();
}

/** The organisation's events that overlap [from, to): today's, for their arrivals; at most `limit`, earliest first. */
export function eventsBetween(
  db: Executor,
  organizationId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<ArrivalEvent[]> {
  return db
    .selectFrom('events')
    .select(eventColumns)
    .where('organization_id', '=', organizationId)
    .where('starts_at', '<', to)
    .where('ends_at', '>=', from)
    .where('status', '<>', 'draft')
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Admissions per event and slot (the slot's number since the epoch): one admission per ticket, so a ticket scanned
 * twice is counted once. Sparse: slots without arrivals are absent.
 */
export async function admissionSlots(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  const seconds = ARRIVAL_SLOT_MINUTES * 60;
  const { rows } = await sql<{ event_id: string; slot: string; n: string }>`
    select a.event_id, floor(extract(epoch from a.scanned_at) / ${seconds}) as slot, count(*) as n
    from ticket_admissions a
    where a.event_id in (${sql.join(eventIds)})
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ eventId: row.event_id, slot: Number(row.slot), admitted: Number(row.n) }));
}

/**
 * Door devices of the organisation's running events (started before `runningBy`, not ended at `now`) that uploaded
 * scans they decided offline, and have neither uploaded nor fetched the event's scan data since `staleBefore`.
 */
export async function staleDoorDevices(db: Executor, organizationId: string, now: Date, runningBy: Date, staleBefore: Date) {
  return db
    .selectFrom('scan_data_downloads as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select(['d.event_id', 'e.title', 'e.timezone', 'd.device_id', 'd.device_name', 'd.synced_at', 'd.uploaded_at'])
    .where('e.organization_id', '=', organizationId)
    .where('e.starts_at', '<=', runningBy)
    .where('e.ends_at', '>=', now)
    .where('d.synced_at', '<', staleBefore)
    .where('d.uploaded_at', '<', staleBefore)
    .orderBy('d.uploaded_at')
    .orderBy('d.device_id')
    .limit(10)
    .execute();
}

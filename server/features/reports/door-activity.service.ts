import {
  ARRIVAL_SLOT_MINUTES,
  arrivalSlotLimit,
  type Dashboard,
  type DashboardWarning,
  DOOR_DEVICE_STALE_MS,
  DOORS_OPEN_BEFORE_MS,
} from '../../../src/contract/dashboard.ts';
import type { Executor } from '../../db/database.ts';
import type { Scope } from './dashboard.repository.ts';
import { type ArrivalEvent, admissionSlots, arrivalEvent, eventsBetween, staleDoorDevices } from './door-activity.repository.ts';

const slotMs = ARRIVAL_SLOT_MINUTES * 60_000;
/** At least this many slots (an hour) are shown, ending at the latest, so one arrival is not one wide bar. */
const minimumSlots = 12;
/** Today's events shown with their arrivals on the organisation's dashboard, at most. */
const todaysEventLimit = 4;

/**
 * One event's arrivals, every slot from its first admission (or an hour back, if that is earlier) to now while it
 * runs (or to its last admission once over), empty slots included, the latest `arrivalSlotLimit` of them.
 */
export function arrivalSeries(
  event: ArrivalEvent,
  counts: ReadonlyMap<number, number>,
  now: Date,
): Dashboard['arrivals'][number] {
  const slots = [...counts.keys()];
  const admitted = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const base = {
    eventId: event.id,
    title: event.title,
    timezone: event.timezone,
    startsAt: new Date(event.starts_at).toISOString(),
    admitted,
  };
  if (slots.length === 0) return { ...base, slots: [] };
  const running = now.getTime() <= new Date(event.ends_at).getTime();
  const last = Math.max(...slots, running ? Math.floor(now.getTime() / slotMs) : Number.NEGATIVE_INFINITY);
  const first = Math.max(Math.min(...slots, last - minimumSlots + 1), last - arrivalSlotLimit + 1);
  const series: Dashboard['arrivals'][number]['slots'] = [];
  for (let slot = first; slot <= last; slot += 1) {
    series.push({ at: new Date(slot * slotMs).toISOString(), admitted: counts.get(slot) ?? 0 });
  }
  return { ...base, slots: series };
}

/** Arrivals for the chosen event, or for the organisation's events of today (UTC). */
export async function arrivals(db: Executor, scope: Scope, now: Date): Promise<Dashboard['arrivals']> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const events = scope.eventId
    ? await arrivalEvent(db, scope.eventId)
    : await eventsBetween(db, scope.organizationId, dayStart, new Date(dayStart.getTime() + 86_400_000), todaysEventLimit);
  const rows = await admissionSlots(
    db,
    events.map((event) => event.id),
  );
  return events.map((event) => {
    const counts = new Map(rows.filter((row) => row.eventId === event.id).map((row) => [row.slot, row.admitted]));
    return arrivalSeries(event, counts, now);
  });
}

/** Door devices silent for over 5 minutes while their event runs, as warnings. */
export async function staleDeviceWarnings(db: Executor, organizationId: string, now: Date): Promise<DashboardWarning[]> {
  const rows = await staleDoorDevices(
    db,
    organizationId,
    now,
    new Date(now.getTime() + DOORS_OPEN_BEFORE_MS),
    new Date(now.getTime() - DOOR_DEVICE_STALE_MS),
  );
  return rows.map((row) => ({
    kind: 'door_device_stale',
    eventId: row.event_id,
    eventTitle: row.title,
    timezone: row.timezone,
    deviceId: row.device_id,
    deviceName: row.device_name,
    lastUploadAt: new Date(row.uploaded_at as Date).toISOString(),
    lastSyncAt: new Date(row.synced_at).toISOString(),
  }));
}

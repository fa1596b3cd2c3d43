import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/contract/dashboard.ts';
import { type Door, doorKit } from '../fixtures/door.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import type { BulkTicket } from '../fixtures/tickets.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const { call, door, tickets, deviceId, scan, prepared, scanData } = doorKit(() => api);
const minute = 60_000;
const slotMs = 5 * minute;
const floorSlot = (ms: number) => Math.floor(ms / slotMs) * slotMs;

async function read(d: Door, query = ''): Promise<Dashboard> {
  const response = await call('GET', `/organizations/${d.owner.organizationId}/dashboard${query}`, d.owner.bearer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Dashboard;
}

/** Scans a device decided offline, uploaded together; each admits at its own (trusted) time. */
async function upload(d: Door, scans: object[]) {
  const response = await call('POST', `/events/${d.eventId}/checkins/batch`, d.door.bearer, { scans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.results as { result: string; duplicate: boolean }[];
}

/** The event runs now: it started `agoMs` ago and ends in three hours. */
async function running(d: Door, agoMs: number) {
  await db()
    .updateTable('events')
    .set({ starts_at: new Date(Date.now() - agoMs), ends_at: new Date(Date.now() + 3 * 3_600_000) })
    .where('id', '=', d.eventId)
    .execute();
}

const stale = (board: Dashboard) => board.warnings.filter((warning) => warning.kind === 'door_device_stale');

describe('arrivals on the organiser dashboard', () => {
  let d: Door;
  let sold: BulkTicket[];
  beforeAll(async () => {
    d = await door();
    await running(d, 50 * minute);
    sold = await tickets(d, 5);
  });

  it('counts admissions per 5 minutes at the times they happened, a ticket scanned twice once', async () => {
    const device = deviceId();
    // Prepared an hour ago, so the device's own scan times are trusted (decision 024).
    await prepared(d, device, 60 * minute);
    const base = floorSlot(Date.now()) - 30 * minute;
    const at = (offsetMs: number) => new Date(base + offsetMs).toISOString();
    const [a, b, c] = sold as [BulkTicket, BulkTicket, BulkTicket];
    const results = await upload(d, [
      scan(a.code, device, { offlineResult: 'valid', scannedAt: at(1 * minute) }),
      scan(b.code, device, { offlineResult: 'valid', scannedAt: at(4 * minute + 59_000) }),
      scan(c.code, device, { offlineResult: 'valid', scannedAt: at(12 * minute) }),
      // The first ticket again, ten minutes later, on the same device: refused, not a second arrival.
      scan(a.code, device, { offlineResult: 'valid', scannedAt: at(11 * minute) }),
    ]);
    expect(results.map((row) => row.result)).toEqual(['valid', 'valid', 'valid', 'already_used']);
    // And once more on another device, online, now.
    const other = deviceId();
    const again = await call('POST', `/events/${d.eventId}/checkins`, d.door.bearer, scan(a.code, other));
    expect(again.json().data.result).toBe('already_used');

    const asked = Date.now();
    const board = await read(d, `?eventId=${d.eventId}`);
    expect(board.arrivals).toHaveLength(1);
    const [series] = board.arrivals as [Dashboard['arrivals'][number]];
    expect(series).toMatchObject({ eventId: d.eventId, admitted: 3 });
    const expected = new Map([
      [new Date(base).toISOString(), 2],
      [new Date(base + 10 * minute).toISOString(), 1],
    ]);
    // Every 5-minute slot from the first arrival (or an hour back) up to now while the event runs, empty ones included.
    const first = new Date(series.slots[0]?.at as string).getTime();
    const last = new Date(series.slots.at(-1)?.at as string).getTime();
    expect(last === floorSlot(asked) || last === floorSlot(asked) + slotMs).toBe(true);
    expect(first).toBe(Math.min(base, last - 11 * slotMs));
    series.slots.forEach((slot, index) => {
      expect(new Date(slot.at).getTime()).toBe(first + index * slotMs);
      expect(slot.admitted).toBe(expected.get(slot.at) ?? 0);
    });
    expect(board.door.checkedIn).toBe(3);

    // The organisation's view shows today's events with the same arrivals.
    const whole = await read(d);
    expect(whole.arrivals.find((row) => row.eventId === d.eventId)?.admitted).toBe(3);
  });

  it('shows a scan at the door in the next answer', async () => {
    const before = (await read(d, `?eventId=${d.eventId}`)).arrivals[0];
    const fresh = sold[3] as BulkTicket;
    const answer = await call('POST', `/events/${d.eventId}/checkins`, d.door.bearer, scan(fresh.code, deviceId()));
    expect(answer.json().data.result).toBe('valid');
    const after = (await read(d, `?eventId=${d.eventId}`)).arrivals[0];
    expect(after?.admitted).toBe((before?.admitted ?? 0) + 1);
    const now = after?.slots.at(-1);
    expect(now?.admitted).toBeGreaterThanOrEqual(1);
  });

  it('has no slots for an event nobody has entered yet', async () => {
    const empty = await door();
    const board = await read(empty, `?eventId=${empty.eventId}`);
    expect(board.arrivals).toEqual([expect.objectContaining({ eventId: empty.eventId, admitted: 0, slots: [] })]);
    // Not today: the organisation's view leaves it out.
    expect((await read(empty)).arrivals).toEqual([]);
  });
});

describe('a door device that stops syncing', () => {
  let d: Door;
  let device: string;
  const backdate = (column: 'synced_at' | 'uploaded_at', agoMs: number) =>
    sql`update scan_data_downloads set ${sql.ref(column)} = ${new Date(Date.now() - agoMs)}
        where event_id = ${d.eventId} and device_id = ${device}`.execute(db());

  beforeAll(async () => {
    d = await door();
    await running(d, 20 * minute);
    device = deviceId();
    await prepared(d, device, 30 * minute);
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    await upload(d, [
      scan(ticket.code, device, { offlineResult: 'valid', scannedAt: new Date(Date.now() - minute).toISOString() }),
    ]);
  });

  it('is named once it has been silent for more than 5 minutes while its event runs, with its last upload', async () => {
    expect(stale(await read(d))).toEqual([]);
    await backdate('synced_at', 6 * minute);
    await backdate('uploaded_at', 4 * minute);
    expect(stale(await read(d))).toEqual([]);
    await backdate('uploaded_at', 5 * minute + 30_000);
    const row = await db()
      .selectFrom('scan_data_downloads')
      .select(['synced_at', 'uploaded_at'])
      .where('event_id', '=', d.eventId)
      .where('device_id', '=', device)
      .executeTakeFirstOrThrow();
    const warnings = stale(await read(d));
    expect(warnings).toEqual([
      {
        kind: 'door_device_stale',
        eventId: d.eventId,
        eventTitle: expect.any(String),
        timezone: expect.any(String),
        deviceId: device,
        deviceName: 'Dora D.',
        lastUploadAt: new Date(row.uploaded_at as Date).toISOString(),
        lastSyncAt: new Date(row.synced_at).toISOString(),
      },
    ]);
    // Every figure of the event still shows with it, whichever event is chosen.
    expect(stale(await read(d, `?eventId=${d.eventId}`))).toHaveLength(1);
  });

  it('is no longer named once it uploads again', async () => {
    await backdate('synced_at', 6 * minute);
    await backdate('uploaded_at', 6 * minute);
    expect(stale(await read(d))).toHaveLength(1);
    const [ticket] = (await tickets(d, 1)) as [BulkTicket];
    await upload(d, [scan(ticket.code, device, { offlineResult: 'valid' })]);
    expect(stale(await read(d))).toEqual([]);
  });

  it('is no longer named once it fetches the scan data (its queue is empty then)', async () => {
    await backdate('synced_at', 6 * minute);
    await backdate('uploaded_at', 6 * minute);
    expect(stale(await read(d))).toHaveLength(1);
    await scanData(d, `?since=${encodeURIComponent(new Date().toISOString())}&deviceId=${device}`);
    expect(stale(await read(d))).toEqual([]);
  });

  it('is not named once the event is over, nor for a device that never scanned offline', async () => {
    const onlineOnly = deviceId();
    await prepared(d, onlineOnly, 30 * minute);
    await sql`update scan_data_downloads set synced_at = ${new Date(Date.now() - 10 * minute)}
              where event_id = ${d.eventId} and device_id = ${onlineOnly}`.execute(db());
    await backdate('synced_at', 6 * minute);
    await backdate('uploaded_at', 6 * minute);
    expect(stale(await read(d)).map((warning) => (warning as { deviceId: string }).deviceId)).toEqual([device]);
    await db()
      .updateTable('events')
      .set({ ends_at: new Date(Date.now() - minute) })
      .where('id', '=', d.eventId)
      .execute();
    expect(stale(await read(d))).toEqual([]);
  });
});

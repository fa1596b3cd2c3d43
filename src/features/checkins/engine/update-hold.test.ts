import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUpdateGate, updatesHeld } from '#lib/update-gate.ts';
import type { DoorApi } from '../api/door-api.ts';
import { createDeviceStore } from '../storage/device-store.ts';
import { type DoorDb, deleteDoorDb, openDoorDb } from '../storage/door-db.ts';
import { createEventStore, type EventRecord } from '../storage/event-store.ts';
import { queuedScan } from '../storage/queued-scan.test-helper.ts';
import { createScanStore } from '../storage/scan-store.ts';
import { DoorEngine } from './door-engine.ts';
import { otherEventTicketCode } from './other-event-code.test-helper.ts';
import { holdUpdatesWhilePending } from './update-hold.ts';

const eventId = '00000000-0000-4000-8000-00000000000c';
// A genuine code of another event: decided on the device at once, and queued for upload like any scan.
let otherEventCode = '';
beforeAll(async () => {
  otherEventCode = await otherEventTicketCode();
});

/** The server's end of an upload: every scan of a batch is taken (the network boundary, not our code). */
const server = {
  batch: async (_event: string, scans: Array<{ clientScanId: string }>) => ({
    results: scans.map((scan) => ({
      clientScanId: scan.clientScanId,
      result: 'wrong_event' as const,
      duplicate: false,
      ticket: null,
      firstCheckIn: null,
    })),
  }),
} as unknown as DoorApi;

let db: DoorDb;
let stops: Array<() => void> = [];

/** A door prepared on this device (IndexedDB), offline. */
async function preparedDoor(): Promise<DoorEngine> {
  const record = {
    eventId,
    event: { id: eventId, title: 'Gig', testMode: false },
    keys: [],
    syncedAt: '2026-05-01T18:00:00Z',
    lastSyncAt: null,
    nextSeq: 1,
    download: null,
    userId: null,
  } as unknown as EventRecord;
  const events = createEventStore(db);
  await events.addPage(record, null);
  const engine = await DoorEngine.open(eventId, {
    api: server,
    events,
    scans: createScanStore(db),
    device: createDeviceStore(db),
    userId: null,
    online: false,
  });
  if (!engine) throw new Error('The prepared event did not open');
  return engine;
}

describe('app updates wait for a door with scans waiting to upload', () => {
  beforeEach(async () => {
    await deleteDoorDb();
    db = openDoorDb();
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    db.close();
  });

  it('holds updates from the first scan queued offline until the upload empties the queue, then lets go', async () => {
    const engine = await preparedDoor();
    const gate = vi.fn();
    stops.push(onUpdateGate(gate));
    stops.push(holdUpdatesWhilePending(engine.status));
    expect(updatesHeld()).toBe(false);

    await engine.scan(otherEventCode, { source: 'typed' });
    expect(engine.status.get().pending).toBe(1);
    expect(updatesHeld()).toBe(true);
    await engine.scan(otherEventCode, { source: 'typed' });
    expect(engine.status.get().pending).toBe(2);

    await expect(engine.upload()).resolves.toMatchObject({ uploaded: 2, stopped: null });
    expect(engine.status.get().pending).toBe(0);
    expect(updatesHeld()).toBe(false);
    // One hold for the whole queue: closed once, opened once.
    expect(gate.mock.calls).toEqual([[true], [false]]);
  });

  it('holds updates at once for scans left queued by an earlier visit', async () => {
    await createScanStore(db).put(queuedScan(eventId));
    const engine = await preparedDoor();
    stops.push(holdUpdatesWhilePending(engine.status));
    expect(engine.status.get().pending).toBe(1);
    expect(updatesHeld()).toBe(true);
  });

  it('lets go when the door screen closes, even with scans still queued', async () => {
    const engine = await preparedDoor();
    const stop = holdUpdatesWhilePending(engine.status);
    await engine.scan(otherEventCode, { source: 'typed' });
    expect(updatesHeld()).toBe(true);
    stop();
    expect(updatesHeld()).toBe(false);
    // A closed screen no longer follows the door: a later change holds nothing.
    await engine.scan(otherEventCode, { source: 'typed' });
    expect(updatesHeld()).toBe(false);
  });
});

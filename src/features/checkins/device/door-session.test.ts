// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDoorDb } from '../storage/door-db.ts';
import type { EventRecord } from '../storage/event-store.ts';
import { queuedScan } from '../storage/queued-scan.test-helper.ts';
import { lastDoorEvent, rememberDoorEvent } from '../utils/last-event.ts';
import { doorStores } from './door-device.ts';
import { forgetDoorData } from './door-session.ts';

const eventId = '00000000-0000-4000-8000-00000000000b';

describe('a door session that ends without a sign-out', () => {
  beforeEach(async () => {
    localStorage.clear();
    doorStores().db.close();
    await deleteDoorDb();
  });

  it('leaves no attendee data or upload token on the device, and keeps the scans not yet uploaded', async () => {
    const { events, scans, device } = doorStores();
    rememberDoorEvent(eventId);
    await device.deviceId();
    await device.saveCredentials({ token: 'token', expiresAt: 2_000_000_000, apiBase: '/api' });
    await events.addPage(
      { eventId, syncedAt: new Date().toISOString(), nextSeq: 1 } as unknown as EventRecord,
      {
        tickets: [{ id: 't1', holderName: 'Ada Lovelace', email: 'ada@example.test' }],
      } as never,
    );
    const sent = queuedScan(eventId, { uploaded: 1 });
    const waiting = queuedScan(eventId);
    await scans.put(sent);
    await scans.put(waiting);

    await forgetDoorData();

    expect(await events.all()).toEqual([]);
    expect(await events.pages(eventId)).toEqual([]);
    expect(await device.credentials()).toBeUndefined();
    expect(await scans.get(sent.clientScanId)).toBeUndefined();
    expect((await scans.pending()).map((scan) => scan.clientScanId)).toEqual([waiting.clientScanId]);
    expect(lastDoorEvent()).toBeNull();
  });
});

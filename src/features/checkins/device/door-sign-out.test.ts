// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteDoorDb, doorDbName } from '../storage/door-db.ts';
import { queuedScan } from '../storage/queued-scan.test-helper.ts';
import { rememberDoorEvent } from '../utils/last-event.ts';
import { doorStores } from './door-device.ts';
import { prepareDoorSignOut } from './door-sign-out.ts';

const batch = vi.hoisted(() => vi.fn());
vi.mock('../api/browser-door-api.ts', () => ({ browserDoorApi: { batch } }));

const eventId = '00000000-0000-4000-8000-00000000000a';
const noConnection = () => Object.assign(new Error('Network Error'), { status: 0 });

async function doorDatabaseExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((database) => database.name === doorDbName);
}

/** This device after a night at the door: the event chosen, and `waiting` scans not uploaded. */
async function deviceWith(waiting: number): Promise<void> {
  rememberDoorEvent(eventId);
  const { scans, device } = doorStores();
  await device.deviceId();
  await scans.put(queuedScan(eventId, { uploaded: 1 }));
  for (let n = 0; n < waiting; n += 1) await scans.put(queuedScan(eventId));
}

function online(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

describe('signing out of a door device', () => {
  beforeEach(async () => {
    batch.mockReset();
    localStorage.clear();
    doorStores().db.close();
    await deleteDoorDb();
  });
  afterEach(() => vi.restoreAllMocks());

  it('with nothing waiting, asks nothing and clears the door data from the device', async () => {
    await deviceWith(0);
    online(true);
    const confirm = vi.spyOn(window, 'confirm');
    expect(await doorDatabaseExists()).toBe(true);

    expect(await prepareDoorSignOut()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    expect(batch).not.toHaveBeenCalled();
    expect(await doorDatabaseExists()).toBe(false);
    expect(localStorage.getItem('admit-door-event')).toBeNull();
  });

  it('with scans that cannot leave, warns; declined, keeps them and the session', async () => {
    await deviceWith(2);
    online(false);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);

    expect(await prepareDoorSignOut()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(
      '2 door scans have not been uploaded yet. Signing out deletes them from this device. Sign out anyway?',
    );
    expect(await doorStores().scans.countPending()).toBe(2);
    expect(localStorage.getItem('admit-door-event')).toBe(eventId);
  });

  it('accepted, deletes the waiting scans with the rest of the door data', async () => {
    online(true);
    batch.mockRejectedValue(noConnection());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await deviceWith(1);

    expect(await prepareDoorSignOut()).toBe(true);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(
      '1 door scan has not been uploaded yet. Signing out deletes it from this device. Sign out anyway?',
    );
    expect(await doorDatabaseExists()).toBe(false);
    expect(localStorage.getItem('admit-door-event')).toBeNull();
  });

  it('uploads the waiting scans first when it can, then signs out without asking', async () => {
    await deviceWith(2);
    online(true);
    batch.mockImplementation(async (_eventId: string, scans: Array<{ clientScanId: string }>) => ({
      results: scans.map((scan) => ({ clientScanId: scan.clientScanId, result: 'valid', duplicate: false })),
    }));
    const confirm = vi.spyOn(window, 'confirm');

    expect(await prepareDoorSignOut()).toBe(true);
    expect(batch).toHaveBeenCalledWith(eventId, expect.arrayContaining([expect.objectContaining({ offlineResult: 'valid' })]));
    expect(confirm).not.toHaveBeenCalled();
    expect(await doorDatabaseExists()).toBe(false);
  });
});

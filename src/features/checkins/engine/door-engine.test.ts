import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorApi } from '../api/door-api.ts';
import type { DeviceStore } from '../storage/device-store.ts';
import type { EventRecord, EventStore } from '../storage/event-store.ts';
import type { ScanRecord, ScanStore } from '../storage/scan-store.ts';
import { DoorEngine } from './door-engine.ts';
import { otherEventTicketCode } from './other-event-code.test-helper.ts';

const eventId = '00000000-0000-4000-8000-000000000001';
// A genuine code of another event: decided on the device at once (wrong event).
let otherEventCode = '';
beforeAll(async () => {
  otherEventCode = await otherEventTicketCode();
});

function deps() {
  const stored: ScanRecord[] = [];
  let finishWrite: (() => void) | null = null;
  const scans = {
    put: vi.fn(
      (scan: ScanRecord) =>
        new Promise<void>((resolve) => {
          finishWrite = () => {
            stored.push(scan);
            resolve();
          };
        }),
    ),
    forEvent: vi.fn(async () => []),
  } as unknown as ScanStore;
  const record = { eventId, keys: [], syncedAt: '2026-01-01T00:00:00Z', lastSyncAt: null, event: {} } as unknown as EventRecord;
  const events = { get: async () => record, pages: async () => [] } as unknown as EventStore;
  const device = { deviceId: async () => 'device-1' } as unknown as DeviceStore;
  return {
    stored,
    write: () => finishWrite?.(),
    deps: { api: {} as DoorApi, events, scans, device, userId: null, online: false },
  };
}

describe('DoorEngine.scan', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the verdict before the scan is stored, and changes the status only once the verdict is painted', async () => {
    const { stored, write, deps: d } = deps();
    const engine = (await DoorEngine.open(eventId, d)) as DoorEngine;
    const shown: string[] = [];
    engine.verdict.subscribe(() => shown.push(engine.verdict.get()?.result ?? 'none'));
    const statuses: number[] = [];
    engine.status.subscribe(() => statuses.push(engine.status.get().pending));

    let done = false;
    const scanned = engine.scan(otherEventCode, { source: 'camera' }).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['wrong_event']);
    expect(d.scans.put).toHaveBeenCalledTimes(1);
    expect(engine.recentScans()).toHaveLength(1);
    write();
    await vi.advanceTimersByTimeAsync(0);
    // Stored, but the screen has not painted the verdict yet: the status waits, and scan() has not resolved.
    expect(stored).toHaveLength(1);
    expect(statuses).toEqual([]);
    expect(done).toBe(false);
    engine.painted(engine.verdict.get()?.seq ?? 0);
    await scanned;
    expect(statuses).toEqual([1]);
  });

  it('does not wait for a paint that never comes (hidden tab) for long', async () => {
    const { write, deps: d } = deps();
    const engine = (await DoorEngine.open(eventId, d)) as DoorEngine;
    engine.verdict.subscribe(() => undefined);
    const scanned = engine.scan(otherEventCode, { source: 'camera' });
    await vi.advanceTimersByTimeAsync(0);
    write();
    await vi.advanceTimersByTimeAsync(100);
    await expect(scanned).resolves.toMatchObject({ result: 'wrong_event' });
  });

  it('records a code shown again to the camera while its verdict is on screen once', async () => {
    const { write, deps: d } = deps();
    const engine = (await DoorEngine.open(eventId, d)) as DoorEngine;
    const first = engine.scan(otherEventCode, { source: 'camera' });
    await vi.advanceTimersByTimeAsync(0);
    write();
    await first;
    // Out of view for more than 3 s, shown again while the verdict still shows: ignored.
    await vi.advanceTimersByTimeAsync(3500);
    await expect(engine.scan(otherEventCode, { source: 'camera' })).resolves.toBeNull();
    expect(engine.recentScans()).toHaveLength(1);
    // Dismissed and out of view for 3 s: a new scan.
    engine.dismiss();
    await vi.advanceTimersByTimeAsync(3100);
    const again = engine.scan(otherEventCode, { source: 'camera' });
    await vi.advanceTimersByTimeAsync(0);
    write();
    await expect(again).resolves.toMatchObject({ result: 'wrong_event' });
    expect(engine.recentScans()).toHaveLength(2);
  });
});

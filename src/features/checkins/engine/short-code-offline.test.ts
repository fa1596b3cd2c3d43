import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketKey } from '#contract/scan-data.ts';
import type { DoorApi } from '../api/door-api.ts';
import type { DeviceStore } from '../storage/device-store.ts';
import type { EventRecord, EventStore, StoredPage } from '../storage/event-store.ts';
import type { ScanRecord, ScanStore } from '../storage/scan-store.ts';
import { DoorEngine } from './door-engine.ts';

const eventId = '00000000-0000-4000-8000-000000000001';
const typeId = '00000000-0000-4000-8000-0000000000aa';
const ada = '00000000-0000-4000-8000-000000000011';
const refunded = '00000000-0000-4000-8000-000000000012';

/** The event's scan data as downloaded: Ada's ticket (K7Q-MX4-PDR) and a refunded one (W2E-F9H-0JA). */
const page: StoredPage = {
  eventId,
  seq: 1,
  kind: 'full',
  ticketTypes: [{ id: typeId, name: 'Standing' }],
  devices: [],
  tickets: {
    ids: ticketKey(ada) + ticketKey(refunded),
    types: [0, 0],
    holders: ['', 'Charles Babbage'],
    status: 'vx',
    codeStarts: 'ABCDEFGHIJ',
    codeStartLength: 5,
    shortCodes: 'K7QMX4PDRW2EF9H0JA',
    orderSizes: [2],
    checkins: [],
  },
  orders: { references: ['ADM-7Q2K'], buyerNames: ['Ada Lovelace'], buyerEmails: ['ada@example.test'] },
  revoked: [],
  scans: [],
};

function offlineDoor() {
  const stored: ScanRecord[] = [];
  const scans = {
    put: vi.fn(async (scan: ScanRecord) => {
      stored.push(scan);
    }),
    forEvent: vi.fn(async () => []),
  } as unknown as ScanStore;
  const record = { eventId, keys: [], syncedAt: '2026-01-01T00:00:00Z', lastSyncAt: null, event: {} } as unknown as EventRecord;
  const events = { get: async () => record, pages: async () => [page] } as unknown as EventStore;
  const device = { deviceId: async () => 'device-1' } as unknown as DeviceStore;
  const api = { checkin: vi.fn() } as unknown as DoorApi;
  return { stored, api, deps: { api, events, scans, device, userId: null, online: false } };
}

async function typed(engine: DoorEngine, text: string) {
  const scanned = engine.scan(text, { source: 'typed' });
  await vi.advanceTimersByTimeAsync(200);
  return scanned;
}

describe('a short code typed at the door without the network', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is decided on the device from the downloaded list: valid once, then already used', async () => {
    const { stored, api, deps } = offlineDoor();
    const engine = (await DoorEngine.open(eventId, deps)) as DoorEngine;

    const first = await typed(engine, 'k7q mx4-pdr');
    expect(first).toMatchObject({
      result: 'valid',
      state: 'final',
      decidedBy: 'device',
      ticket: { id: ada, holderName: 'Ada Lovelace', typeName: 'Standing', orderReference: 'ADM-7Q2K' },
    });
    // Queued as the code it means, for the server to decide again when the device is back online.
    expect(stored[0]).toMatchObject({ code: 'K7QMX4PDR', ticketId: ada, result: 'valid', uploaded: 0 });

    expect(await typed(engine, 'K7QMX4PDR')).toMatchObject({ result: 'already_used', ticket: { id: ada } });
    expect(api.checkin).not.toHaveBeenCalled();
  });

  it('says voided for a refunded ticket’s code, and invalid for a code the list does not hold', async () => {
    const { deps } = offlineDoor();
    const engine = (await DoorEngine.open(eventId, deps)) as DoorEngine;
    // O typed for 0.
    expect(await typed(engine, 'w2e-f9h-oja')).toMatchObject({ result: 'voided', ticket: { id: refunded } });
    expect(await typed(engine, 'K7Q-MX4-PDS')).toMatchObject({ result: 'invalid', ticket: null, malformed: false });
  });
});

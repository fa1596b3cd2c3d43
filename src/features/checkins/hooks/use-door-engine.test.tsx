// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDoorEngine, doorStores, openDoorEngine, warmDoorEngine } from '../device/door-device.ts';
import { deleteDoorDb } from '../storage/door-db.ts';
import type { EventRecord } from '../storage/event-store.ts';
import { useDoorEngine } from './use-door-engine.ts';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
const eventId = '00000000-0000-4000-8000-00000000000c';
const scanAddress = `https://admit.test/organizer/validate-ticket/scan?event=${eventId}`;

function Screen({ statuses }: { statuses: string[] }) {
  statuses.push(useDoorEngine(eventId, null).status);
  return null;
}

/** The statuses a door screen renders with, in order. */
function renderStatuses(): { statuses: string[]; unmount: () => void } {
  const statuses: string[] = [];
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Screen statuses={statuses} />));
  return { statuses, unmount: () => act(() => root.unmount()) };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('a door screen opened with its event on the device', () => {
  beforeEach(async () => {
    closeDoorEngine(eventId);
    doorStores().db.close();
    await deleteDoorDb();
    const record = { eventId, keys: [], syncedAt: new Date().toISOString(), lastSyncAt: null, event: {}, nextSeq: 1 };
    await doorStores().events.put(record as unknown as EventRecord);
  });

  it('shows the scanner on its first render once the page has started opening the engine', async () => {
    warmDoorEngine(scanAddress, null);
    await openDoorEngine(eventId, null);
    const { statuses, unmount } = renderStatuses();
    await settle();
    unmount();
    expect(statuses[0]).toBe('ready');
    expect(statuses).not.toContain('loading');
  });

  it('waits for the device when nothing opened it before the screen', async () => {
    const { statuses, unmount } = renderStatuses();
    await settle();
    unmount();
    expect(statuses[0]).toBe('loading');
    expect(statuses.at(-1)).toBe('ready');
  });
});

// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDoorEngine, doorStores, openedDoorEngine, warmDoorEngine } from '../device/door-device.ts';
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

  it("shows the scanner on its first render once the page's loader has waited for the engine", async () => {
    await warmDoorEngine(scanAddress, null);
    expect(openedDoorEngine(eventId)).not.toBeNull();
    const { statuses, unmount } = renderStatuses();
    await settle();
    unmount();
    expect(statuses[0]).toBe('ready');
    expect(statuses).not.toContain('loading');
  });

  it('lets the page be drawn when the device is slow to read, and the screen waits for it', async () => {
    doorStores().db.close();
    const neverAnswers = vi.spyOn(indexedDB, 'open').mockReturnValue({} as IDBOpenDBRequest);
    try {
      await warmDoorEngine(scanAddress, null);
      expect(openedDoorEngine(eventId)).toBeNull();
      const { statuses, unmount } = renderStatuses();
      unmount();
      expect(statuses[0]).toBe('loading');
    } finally {
      neverAnswers.mockRestore();
      closeDoorEngine(eventId);
      doorStores().db.close();
    }
  });

  it('waits for the device when nothing opened it before the screen', async () => {
    const { statuses, unmount } = renderStatuses();
    await settle();
    unmount();
    expect(statuses[0]).toBe('loading');
    expect(statuses.at(-1)).toBe('ready');
  });
});

import type { ScanDataPage } from '#contract/scan-data.ts';
import type { ManifestPage } from '../engine/manifest.ts';
import { type DoorDb, request } from './door-db.ts';

export type ScanDataEvent = ScanDataPage['event'];

/** A download under way: where to resume it. */
export interface DownloadProgress {
  kind: 'full' | 'changes';
  cursor: string | null;
  /** syncedAt of this download's pages; becomes the event's `syncedAt` when the last page is stored. */
  syncedAt: string | null;
  storedTickets: number;
  totalTickets: number;
}

/** An event prepared on this device. */
export interface EventRecord {
  eventId: string;
  event: ScanDataEvent;
  keys: string[];
  /** syncedAt of the last complete download: `since` for the next one. Null until the first completes. */
  syncedAt: string | null;
  /** When this device last finished a sync with the server (ms). */
  lastSyncAt: number | null;
  /** Pages stored so far, the next page's number. */
  nextSeq: number;
  download: DownloadProgress | null;
  /** The account that prepared the device, so another account's sign-in does not upload its scans. */
  userId: string | null;
}

export interface StoredPage extends ManifestPage {
  eventId: string;
  seq: number;
}

export interface EventStore {
  get(eventId: string): Promise<EventRecord | undefined>;
  all(): Promise<EventRecord[]>;
  put(record: EventRecord): Promise<void>;
  /** Stores a page and the event's new state in one transaction: a crash leaves both or neither. */
  addPage(record: EventRecord, page: ManifestPage | null): Promise<void>;
  pages(eventId: string): Promise<StoredPage[]>;
  /** Forgets the event's manifest pages (a fresh full download follows). */
  clearPages(eventId: string): Promise<void>;
  remove(eventId: string): Promise<void>;
}

const pageRange = (eventId: string) => IDBKeyRange.bound([eventId, 0], [eventId, Number.MAX_SAFE_INTEGER]);

export function createEventStore(db: DoorDb): EventStore {
  return {
    get: (eventId) =>
      db.run('events', 'readonly', (tx) => request<EventRecord | undefined>(tx.objectStore('events').get(eventId))),
    all: () => db.run('events', 'readonly', (tx) => request<EventRecord[]>(tx.objectStore('events').getAll())),
    put: (record) => db.run('events', 'readwrite', (tx) => void tx.objectStore('events').put(record)),
    addPage: (record, page) =>
      db.run(['events', 'manifest'], 'readwrite', (tx) => {
        if (page) tx.objectStore('manifest').put({ ...page, eventId: record.eventId, seq: record.nextSeq - 1 });
        tx.objectStore('events').put(record);
      }),
    pages: (eventId) =>
      db.run('manifest', 'readonly', (tx) => request<StoredPage[]>(tx.objectStore('manifest').getAll(pageRange(eventId)))),
    clearPages: (eventId) => db.run('manifest', 'readwrite', (tx) => void tx.objectStore('manifest').delete(pageRange(eventId))),
    remove: (eventId) =>
      db.run(['events', 'manifest'], 'readwrite', (tx) => {
        tx.objectStore('manifest').delete(pageRange(eventId));
        tx.objectStore('events').delete(eventId);
      }),
  };
}

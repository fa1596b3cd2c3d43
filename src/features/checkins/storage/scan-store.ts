import type { CheckinRequest, CheckinResult, ScanDirection } from '#contract/checkins.ts';
import { type DoorDb, request } from './door-db.ts';

/** Who decided a verdict: the server (online) or this device (offline, slow or certain on its own). */
export type DecidedBy = 'server' | 'device';

/**
 * One scan made on this device. Written before anything is sent, so a reload, a crash or a lapsed
 * sign-in loses nothing: scans with `uploaded: 0` are the upload queue.
 */
export interface ScanRecord {
  clientScanId: string;
  eventId: string;
  deviceId: string;
  /** The code as scanned, or a ticket id for a check-in by hand. */
  code: string;
  ticketId: string | null;
  scannedAt: string;
  direction: ScanDirection;
  manual: boolean;
  /** The verdict the door saw. */
  result: CheckinResult;
  decidedBy: DecidedBy;
  /** 0 while the server does not know it yet (IndexedDB cannot index booleans). */
  uploaded: 0 | 1;
  /** The server's own verdict once uploaded; `duplicate` when an earlier scan elsewhere admitted the ticket. */
  serverResult: CheckinResult | null;
  duplicate: boolean;
  /** Set when the check-in was undone. */
  undoneAt: string | null;
}

export function toCheckinRequest(scan: ScanRecord): CheckinRequest {
  return {
    code: scan.code,
    deviceId: scan.deviceId,
    clientScanId: scan.clientScanId,
    scannedAt: scan.scannedAt,
    direction: scan.direction,
    manual: scan.manual,
    ...(scan.decidedBy === 'device' ? { offlineResult: scan.result } : {}),
  };
}

export interface ScanStore {
  put(scan: ScanRecord): Promise<void>;
  get(clientScanId: string): Promise<ScanRecord | undefined>;
  /** Every scan of the event on this device, oldest first. */
  forEvent(eventId: string): Promise<ScanRecord[]>;
  /** Scans the server has not seen, oldest first; of one event or of all. */
  pending(eventId?: string): Promise<ScanRecord[]>;
  countPending(eventId?: string): Promise<number>;
  /** Applies the server's answers to uploaded scans. */
  markUploaded(results: ReadonlyArray<{ clientScanId: string; result: CheckinResult; duplicate: boolean }>): Promise<void>;
  update(clientScanId: string, change: Partial<Pick<ScanRecord, 'undoneAt' | 'result'>>): Promise<ScanRecord | undefined>;
  removeEvent(eventId: string): Promise<void>;
  /** Forgets the scans the server already has (the queue stays). */
  removeUploaded(): Promise<void>;
}

const byTime = (a: ScanRecord, b: ScanRecord) => a.scannedAt.localeCompare(b.scannedAt);

export function createScanStore(db: DoorDb): ScanStore {
  const pendingRange = (eventId?: string) =>
    eventId === undefined ? IDBKeyRange.bound([0, ''], [0, '\uffff']) : IDBKeyRange.only([0, eventId]);
  return {
    // A scan is the one record the door must never lose: committed at once (no wait for the request's answer)
    // and flushed to disk before it counts as stored, so a power cut after that keeps it too.
    put: (scan) =>
      db.run(
        'scans',
        'readwrite',
        (tx) => {
          tx.objectStore('scans').put(scan);
          tx.commit?.();
        },
        { durability: 'strict' },
      ),
    get: (id) => db.run('scans', 'readonly', (tx) => request<ScanRecord | undefined>(tx.objectStore('scans').get(id))),
    forEvent: (eventId) =>
      db
        .run('scans', 'readonly', (tx) => request<ScanRecord[]>(tx.objectStore('scans').index('eventId').getAll(eventId)))
        .then((scans) => scans.sort(byTime)),
    pending: (eventId) =>
      db
        .run('scans', 'readonly', (tx) =>
          request<ScanRecord[]>(tx.objectStore('scans').index('uploaded').getAll(pendingRange(eventId))),
        )
        .then((scans) => scans.sort(byTime)),
    countPending: (eventId) =>
      db.run('scans', 'readonly', (tx) => request(tx.objectStore('scans').index('uploaded').count(pendingRange(eventId)))),
    markUploaded: (results) =>
      db.run('scans', 'readwrite', async (tx) => {
        const store = tx.objectStore('scans');
        const scans = await Promise.all(results.map((r) => request<ScanRecord | undefined>(store.get(r.clientScanId))));
        results.forEach((r, index) => {
          const scan = scans[index];
          if (scan) store.put({ ...scan, uploaded: 1, serverResult: r.result, duplicate: r.duplicate });
        });
      }),
    update: (id, change) =>
      db.run('scans', 'readwrite', async (tx) => {
        const store = tx.objectStore('scans');
        const scan = await request<ScanRecord | undefined>(store.get(id));
        if (!scan) return undefined;
        const next = { ...scan, ...change };
        store.put(next);
        return next;
      }),
    removeEvent: (eventId) =>
      db.run('scans', 'readwrite', async (tx) => {
        const store = tx.objectStore('scans');
        const keys = await request(store.index('eventId').getAllKeys(eventId));
        for (const key of keys) store.delete(key);
      }),
    removeUploaded: () =>
      db.run('scans', 'readwrite', async (tx) => {
        const store = tx.objectStore('scans');
        const uploaded = IDBKeyRange.bound([1, ''], [1, '\uffff']);
        const keys = await request(store.index('uploaded').getAllKeys(uploaded));
        for (const key of keys) store.delete(key);
      }),
  };
}

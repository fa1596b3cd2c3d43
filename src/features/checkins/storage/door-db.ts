/**
 * The door device's own IndexedDB database. No DOM: the service worker's Background Sync opens it too.
 *
 * Stores:
 * - `device`    key/value: the device id, the token the worker may upload with.
 * - `events`    one record per event prepared on this device (keys, ticket types, revocations, cursors).
 * - `manifest`  the event's ticket manifest as downloaded, one record per page, key [eventId, seq].
 * - `scans`     every scan made on this device, by clientScanId (index by event): the upload queue
 *               (uploaded = false) and the device's own check-ins. A scan is written before it is sent.
 */

export const doorDbName = 'admit-door';
const version = 1;

export type StoreName = 'device' | 'events' | 'manifest' | 'scans';

export interface DoorDb {
  readonly name: string;
  /** One transaction; resolves with what `work` returns once the transaction has committed. */
  run<T>(
    stores: StoreName | StoreName[],
    mode: IDBTransactionMode,
    work: (tx: IDBTransaction) => T | Promise<T>,
    options?: IDBTransactionOptions,
  ): Promise<T>;
  close(): void;
}

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function upgrade(db: IDBDatabase): void {
  if (!db.objectStoreNames.contains('device')) db.createObjectStore('device');
  if (!db.objectStoreNames.contains('events')) db.createObjectStore('events', { keyPath: 'eventId' });
  if (!db.objectStoreNames.contains('manifest')) db.createObjectStore('manifest', { keyPath: ['eventId', 'seq'] });
  if (!db.objectStoreNames.contains('scans')) {
    const scans = db.createObjectStore('scans', { keyPath: 'clientScanId' });
    scans.createIndex('eventId', 'eventId');
    scans.createIndex('uploaded', ['uploaded', 'eventId']);
  }
}

function open(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, version);
    req.onupgradeneeded = () => upgrade(req.result);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading or deleting the database: step aside, the next call reopens it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('The door database is blocked by another tab.'));
  });
}

export function openDoorDb(name = doorDbName): DoorDb {
  let db: Promise<IDBDatabase> | null = null;
  const connection = () => {
    db ??= open(name).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  return {
    name,
    async run<T>(
      stores: StoreName | StoreName[],
      mode: IDBTransactionMode,
      work: (tx: IDBTransaction) => T | Promise<T>,
      options?: IDBTransactionOptions,
    ) {
      let database = await connection();
      let tx: IDBTransaction;
      try {
        tx = database.transaction(stores, mode, options);
      } catch (error) {
        // Closed after a versionchange: reopen once.
        if (!(error instanceof DOMException && error.name === 'InvalidStateError')) throw error;
        db = null;
        database = await connection();
        tx = database.transaction(stores, mode, options);
      }
      const done = new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error ?? new Error('The door database transaction was aborted.'));
        tx.onerror = () => reject(tx.error);
      });
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        try {
          tx.abort();
        } catch {
          // already finished
        }
        await done.catch(() => undefined);
        throw error;
      }
      await done;
      return result;
    },
    close() {
      void db?.then((database) => database.close());
      db = null;
    },
  };
}

/** Removes the whole database (sign-out). */
export function deleteDoorDb(name = doorDbName): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    req.onblocked = () => resolve();
  });
}

let shared: DoorDb | null = null;
/** The device's database, opened on first use. */
export function doorDb(): DoorDb {
  shared ??= openDoorDb();
  return shared;
}

import { createDeviceStore } from '../storage/device-store.ts';
import { doorDb, doorDbName } from '../storage/door-db.ts';
import { createEventStore } from '../storage/event-store.ts';
import { createScanStore, toCheckinRequest } from '../storage/scan-store.ts';
import { forgetLastDoorEvent } from '../utils/last-event.ts';

// Loaded on every signed-in page (leftover scans) and at a session's end: only the storage modules come
// with it; the uploader and the API client load when there is something to send.

/** Whether this device holds door data at all (without opening, and so creating, the database). */
export async function hasDoorData(): Promise<boolean> {
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === doorDbName);
}

/** Sends every queued scan with the current session; a refusal (another organisation's member) keeps them queued. */
export async function uploadQueued() {
  const [{ uploadPending }, { browserDoorApi }] = await Promise.all([
    import('../engine/uploader.ts'),
    import('../api/browser-door-api.ts'),
  ]);
  return uploadPending(createScanStore(doorDb()), (eventId, batch) => browserDoorApi.batch(eventId, batch.map(toCheckinRequest)));
}

/**
 * The session ended without a sign-out (a 401, or signed out elsewhere): the attendees' names, emails and
 * codes go, and so does the token the service worker uploads with. Scans the server has not seen stay, and
 * go up after the next sign-in of someone the server lets check in at that event.
 */
export async function forgetDoorData(): Promise<void> {
  forgetLastDoorEvent();
  if (!(await hasDoorData())) return;
  const db = doorDb();
  const events = createEventStore(db);
  for (const record of await events.all()) await events.remove(record.eventId);
  await createScanStore(db).removeUploaded();
  await createDeviceStore(db).forgetCredentials();
}

/** After a sign-in: scans left queued by an earlier session go up now, when there are any. */
export async function uploadLeftoverScans(): Promise<void> {
  if (!navigator.onLine || !(await hasDoorData())) return;
  if ((await createScanStore(doorDb()).countPending()) > 0) await uploadQueued();
}

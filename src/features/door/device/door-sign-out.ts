import { browserDoorApi } from '../api/browser-door-api.ts';
import { uploadPending } from '../engine/uploader.ts';
import { deleteDoorDb, doorDbName } from '../storage/door-db.ts';
import { toCheckinRequest } from '../storage/scan-store.ts';
import { doorStores } from './door-device.ts';

async function hasDoorData(): Promise<boolean> {
  if (!indexedDB.databases) return true;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === doorDbName);
}

/**
 * Before signing out: upload the scans still queued, then clear the door's data from the device (tickets,
 * names and emails of attendees). Scans that cannot be uploaded are only discarded when the person says so.
 */
export async function prepareDoorSignOut(): Promise<boolean> {
  if (!(await hasDoorData())) return true;
  const { scans, db } = doorStores();
  let pending = await scans.countPending();
  if (pending > 0 && navigator.onLine) {
    await uploadPending(scans, (eventId, batch) => browserDoorApi.batch(eventId, batch.map(toCheckinRequest))).catch(
      () => undefined,
    );
    pending = await scans.countPending();
  }
  if (
    pending > 0 &&
    !window.confirm(
      `${pending} door scan${pending === 1 ? ' has' : 's have'} not been uploaded yet. Signing out deletes ${pending === 1 ? 'it' : 'them'} from this device. Sign out anyway?`,
    )
  ) {
    return false;
  }
  db.close();
  await deleteDoorDb();
  try {
    localStorage.removeItem('admit-door-event');
  } catch {
    // nothing kept
  }
  return true;
}

import { deleteDoorDb } from '../storage/door-db.ts';
import { forgetLastDoorEvent } from '../utils/last-event.ts';
import { doorStores } from './door-device.ts';
import { hasDoorData, uploadQueued } from './door-session.ts';

/**
 * Before signing out: upload the scans still queued, then clear the door's data from the device (tickets,
 * names and emails of attendees). Scans that cannot be uploaded are only discarded when the person says so.
 */
export async function prepareDoorSignOut(): Promise<boolean> {
  if (!(await hasDoorData())) return true;
  const { scans, db } = doorStores();
  let pending = await scans.countPending();
  if (pending > 0 && navigator.onLine) {
    await uploadQueued().catch(() => undefined);
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
  forgetLastDoorEvent();
  return true;
}

import type { CheckinBatchResult } from '../api/door-api.ts';
import { uploadPending } from '../engine/uploader.ts';
import { createDeviceStore } from './device-store.ts';
import { openDoorDb } from './door-db.ts';
import { createScanStore, toCheckinRequest } from './scan-store.ts';

/** The Background Sync tag under which the service worker uploads queued scans. */
export const doorUploadTag = 'admit-door-upload';

/**
 * Uploads queued scans from the service worker while no door page is open (Background Sync). Uses the token
 * the page shared while it was still valid; without one the queue waits for the next start and sign-in.
 * Rejects while the network is away, so the browser tries again later.
 */
export async function uploadQueuedScans(now = Date.now()): Promise<void> {
  const db = openDoorDb();
  try {
    const credentials = await createDeviceStore(db).credentials();
    if (!credentials || credentials.expiresAt * 1000 <= now + 5000) return;
    const send = async (eventId: string, scans: Parameters<typeof toCheckinRequest>[0][]) => {
      let response: Response;
      try {
        response = await fetch(`${credentials.apiBase}/events/${encodeURIComponent(eventId)}/checkins/batch`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            Authorization: `Bearer ${credentials.token}`,
          },
          body: JSON.stringify({ scans: scans.map(toCheckinRequest) }),
        });
      } catch {
        throw Object.assign(new Error('No connection'), { status: 0 });
      }
      if (!response.ok) throw Object.assign(new Error(`Upload refused (${response.status})`), { status: response.status });
      return ((await response.json()) as { data: CheckinBatchResult }).data;
    };
    const outcome = await uploadPending(createScanStore(db), send);
    if (outcome.stopped === 'offline' || outcome.stopped === 'unavailable') throw new Error('Scans still waiting to upload');
  } finally {
    db.close();
  }
}

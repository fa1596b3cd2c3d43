import type { CheckinBatchResult } from '../api/door-api.ts';
import type { ScanRecord, ScanStore } from '../storage/scan-store.ts';

/** Sends scans to `POST /events/{eventId}/checkins/batch`; rejects with an error carrying `status` (0: no answer). */
export type SendBatch = (eventId: string, scans: ScanRecord[]) => Promise<CheckinBatchResult>;

/** Why an upload stopped; the scans it did not send stay queued (nothing is ever dropped). */
export type UploadStop = 'offline' | 'unauthorized' | 'unavailable' | 'refused';

export interface UploadOutcome {
  uploaded: number;
  /** Uploaded scans the server flagged: an earlier scan elsewhere had admitted the ticket. */
  duplicates: number;
  stopped: UploadStop | null;
}

export const uploadBatchSize = 200;

/** The HTTP status an API call failed with; 0 when no answer came (offline, timed out). */
export function responseStatus(error: unknown): number {
  return (
    (error as { status?: number; response?: { status?: number } } | null)?.status ??
    (error as { response?: { status?: number } } | null)?.response?.status ??
    0
  );
}

export function uploadStop(error: unknown): UploadStop {
  const status = responseStatus(error);
  if (status === 0) return 'offline';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'refused';
}

function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('admit-door-upload', work) : work();
}

/**
 * Uploads the scans the server has not seen, oldest first, in idempotent batches (the server keys them by
 * device and clientScanId, so a batch sent twice after a lost answer changes nothing). One upload at a time
 * across the page's tabs and the service worker.
 */
export function uploadPending(store: ScanStore, send: SendBatch, eventId?: string): Promise<UploadOutcome> {
  return exclusive(async () => {
    const outcome: UploadOutcome = { uploaded: 0, duplicates: 0, stopped: null };
    const pending = await store.pending(eventId);
    const byEvent = new Map<string, ScanRecord[]>();
    for (const scan of pending) byEvent.set(scan.eventId, [...(byEvent.get(scan.eventId) ?? []), scan]);
    for (const [event, scans] of byEvent) {
      for (let start = 0; start < scans.length; start += uploadBatchSize) {
        const batch = scans.slice(start, start + uploadBatchSize);
        let answer: CheckinBatchResult;
        try {
          answer = await send(event, batch);
        } catch (error) {
          outcome.stopped = uploadStop(error);
          return outcome;
        }
        await store.markUploaded(answer.results);
        outcome.uploaded += answer.results.length;
        outcome.duplicates += answer.results.filter((result) => result.duplicate).length;
      }
    }
    return outcome;
  });
}

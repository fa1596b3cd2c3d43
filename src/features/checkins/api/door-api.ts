import type { z } from 'zod';
import type { CheckinRequest, CheckinResponse, checkinBatchResultSchema, undoCheckinSchema } from '#contract/checkins.ts';
import type { ScanDataPage } from '#contract/scan-data.ts';

export type CheckinBatchResult = z.infer<typeof checkinBatchResultSchema>;
export type UndoCheckin = z.input<typeof undoCheckinSchema>;
export interface CheckinStats {
  sold: number;
  checkedIn: number;
  inside: number;
  /** Scans whose device clock the server did not trust. */
  clockSuspect?: number;
}

/** What to download, and which device asks (so the server knows since when its offline scans can be). */
export type ScanDataParams = ({ cursor: string } | { since: string } | { cursor?: undefined; since?: undefined }) & {
  deviceId?: string;
};

/** The door's calls to the API. Errors carry the HTTP `status` (0 when there was no answer). */
export interface DoorApi {
  scanData(eventId: string, params: ScanDataParams): Promise<ScanDataPage>;
  checkin(eventId: string, body: CheckinRequest, timeoutMs: number): Promise<CheckinResponse>;
  batch(eventId: string, scans: CheckinRequest[]): Promise<CheckinBatchResult>;
  undo(eventId: string, body: UndoCheckin): Promise<unknown>;
  stats(eventId: string): Promise<CheckinStats>;
}

import type { CheckinResponse } from '#contract/checkins.ts';
import type { ScanDataPage } from '#contract/scan-data.ts';
import { browserApiCaller as api } from '#lib/api-caller.tsx';
import type { CheckinBatchResult, CheckinStats, DoorApi } from './door-api.ts';

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/**
 * The door's API calls through the browser's caller (token renewal), whose client loads with the first call: the
 * scanner opens from the device and decides offline without it. Never a toast: the door screen says what happened.
 */
export const browserDoorApi: DoorApi = {
  scanData: (eventId, params) =>
    api<ScanDataPage>({ url: `${eventPath(eventId)}/scan-data`, params, silent: true, timeout: 30_000 }),
  checkin: (eventId, body, timeoutMs) =>
    api<CheckinResponse>({
      url: `${eventPath(eventId)}/checkins`,
      method: 'POST',
      data: body,
      silent: true,
      timeout: timeoutMs,
    }),
  batch: (eventId, scans) =>
    api<CheckinBatchResult>({
      url: `${eventPath(eventId)}/checkins/batch`,
      method: 'POST',
      data: { scans },
      silent: true,
      timeout: 20_000,
    }),
  undo: (eventId, body) =>
    api({ url: `${eventPath(eventId)}/checkins/undo`, method: 'POST', data: body, silent: true, timeout: 10_000 }),
  stats: (eventId) => api<CheckinStats>({ url: `${eventPath(eventId)}/checkins/stats`, silent: true, timeout: 5_000 }),
};

import type { CheckinResponse } from '../../../contract/checkins.ts';
import type { ScanDataPage } from '../../../contract/scan-data.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { CheckinBatchResult, CheckinStats, DoorApi } from './door-api.ts';

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** The door's API calls through the app's client (token renewal); never a toast: the door screen says what happened. */
export const browserDoorApi: DoorApi = {
  scanData: (eventId, params) =>
    apiRequest<ScanDataPage>({ url: `${eventPath(eventId)}/scan-data`, params, silent: true, timeout: 30_000 }),
  checkin: (eventId, body, timeoutMs) =>
    apiRequest<CheckinResponse>({
      url: `${eventPath(eventId)}/checkins`,
      method: 'POST',
      data: body,
      silent: true,
      timeout: timeoutMs,
    }),
  batch: (eventId, scans) =>
    apiRequest<CheckinBatchResult>({
      url: `${eventPath(eventId)}/checkins/batch`,
      method: 'POST',
      data: { scans },
      silent: true,
      timeout: 20_000,
    }),
  undo: (eventId, body) =>
    apiRequest({ url: `${eventPath(eventId)}/checkins/undo`, method: 'POST', data: body, silent: true, timeout: 10_000 }),
  stats: (eventId) => apiRequest<CheckinStats>({ url: `${eventPath(eventId)}/checkins/stats`, silent: true, timeout: 5_000 }),
};

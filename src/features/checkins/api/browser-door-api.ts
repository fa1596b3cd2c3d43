import type { CheckinResponse } from '../../../contract/checkins.ts';
import type { ScanDataPage } from '../../../contract/scan-data.ts';
import type { apiRequest as ApiRequest } from '../../../lib/api-client.ts';
import type { CheckinBatchResult, CheckinStats, DoorApi } from './door-api.ts';

/**
 * The app's client, loaded with the first call: the scanner opens from the device and decides offline without
 * it, so its code is not on the way to a usable scanner.
 */
const apiRequest: typeof ApiRequest = async (config) => (await import('../../../lib/api-client.ts')).apiRequest(config);

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

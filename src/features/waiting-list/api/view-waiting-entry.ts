import type { WaitingEntryView } from '#contract/waiting-list.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';

/**
 * `POST /waiting-list/view`: a person's place on a list, by the secret of the link in their mail. A POST, so the
 * secret stays out of addresses the API logs and caches keep. Silent: the page says what failed.
 */
export const viewWaitingEntry = (api: ApiCaller, token: string): Promise<WaitingEntryView> =>
  api<WaitingEntryView>({ method: 'POST', url: '/waiting-list/view', data: { token }, silent: true });

import type { WaitingEntryView } from '#contract/waiting-list.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';

/** `POST /waiting-list/confirm`: the link in the mail proves the guest's email, and they take their place in the queue. */
export const confirmWaitingEntry = (api: ApiCaller, token: string): Promise<WaitingEntryView> =>
  api<WaitingEntryView>({ method: 'POST', url: '/waiting-list/confirm', data: { token }, silent: true });

import { useMutation } from '@tanstack/react-query';
import type { WaitingEntryView } from '#contract/waiting-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

/** `POST /waiting-list/leave`: off the list; places held by an offer pass to the next person. Silent: the dialog says why not. */
export const leaveWaitingList = (api: ApiCaller, token: string): Promise<WaitingEntryView> =>
  api<WaitingEntryView>({ method: 'POST', url: '/waiting-list/leave', data: { token }, silent: true });

export function useLeaveWaitingList() {
  const api = useApiCaller();
  return useMutation({ mutationFn: (token: string) => leaveWaitingList(api, token) });
}

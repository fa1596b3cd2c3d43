import { useMutation } from '@tanstack/react-query';
import type { JoinWaitingList, WaitingListJoined } from '#contract/waiting-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

/**
 * `POST /waiting-list`: in the queue at once when the buyer is signed in with the email they give, else waiting for
 * the mailed link that proves it. Silent: the form shows the messages beside its fields.
 */
export const joinWaitingList = (api: ApiCaller, input: JoinWaitingList): Promise<WaitingListJoined> =>
  api<WaitingListJoined>({ method: 'POST', url: '/waiting-list', data: input, silent: true });

export function useJoinWaitingList() {
  const api = useApiCaller();
  return useMutation({ mutationFn: (input: JoinWaitingList) => joinWaitingList(api, input) });
}

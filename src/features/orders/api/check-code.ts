import { useMutation } from '@tanstack/react-query';
import type { AppliedCode } from '#contract/discount-codes.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

/**
 * `GET /events/{eventId}/code?code=…`: what a code the buyer typed does for the event, and the hidden tickets it shows;
 * 404 or 409 with the sentence saying why it cannot be used, 429 after too many tries. Silent: the code box says it.
 */
export const checkCode = (api: ApiCaller, eventId: string, code: string): Promise<AppliedCode> =>
  api<AppliedCode>({ url: `/events/${encodeURIComponent(eventId)}/code`, params: { code }, silent: true });

/** Asked each time the buyer applies a code; nothing is kept, since a code's uses change as others book. */
export function useCheckCode(eventId: string) {
  const api = useApiCaller();
  return useMutation({ mutationFn: (code: string) => checkCode(api, eventId, code) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDiscountCode, DiscountCode, UpdateDiscountCode } from '#contract/discount-codes.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

const codesUrl = (eventId: string) => `/events/${encodeURIComponent(eventId)}/discount-codes`;

/** `POST /events/{eventId}/discount-codes`. Silent: the form shows the messages beside its fields. */
export const createDiscountCode = (api: ApiCaller, eventId: string, input: CreateDiscountCode): Promise<DiscountCode> =>
  api<DiscountCode>({ method: 'POST', url: codesUrl(eventId), data: input, silent: true });

/** `PUT /events/{eventId}/discount-codes/{codeId}`: every setting replaced, or the code archived or brought back. */
export const updateDiscountCode = (
  api: ApiCaller,
  eventId: string,
  codeId: string,
  input: UpdateDiscountCode,
): Promise<DiscountCode> =>
  api<DiscountCode>({ method: 'PUT', url: `${codesUrl(eventId)}/${encodeURIComponent(codeId)}`, data: input, silent: true });

export type SaveDiscountCode = { codeId: null; input: CreateDiscountCode } | { codeId: string; input: UpdateDiscountCode };

/** Creates a code (no `codeId`) or replaces one's settings; the event's lists load again. */
export function useSaveDiscountCode(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveDiscountCode) =>
      save.codeId === null
        ? createDiscountCode(api, eventId, save.input)
        : updateDiscountCode(api, eventId, save.codeId, save.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.discountCodes(eventId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateDiscountCodes } from '#contract/discount-codes.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** `POST /events/{eventId}/discount-codes/generate`: up to 2,000 new codes with the same settings, their texts in the answer. */
export const generateDiscountCodes = (
  api: ApiCaller,
  eventId: string,
  input: GenerateDiscountCodes,
): Promise<{ codes: string[] }> =>
  api<{ codes: string[] }>({
    method: 'POST',
    url: `/events/${encodeURIComponent(eventId)}/discount-codes/generate`,
    data: input,
    silent: true,
  });

export function useGenerateDiscountCodes(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateDiscountCodes) => generateDiscountCodes(api, eventId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.discountCodes(eventId) }),
  });
}

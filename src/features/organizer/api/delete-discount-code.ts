import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/**
 * `DELETE /events/{eventId}/discount-codes/{codeId}`: refused (409) once an order used the code, which can then only be
 * archived. Silent: the dialog says why.
 */
export const deleteDiscountCode = (api: ApiCaller, eventId: string, codeId: string): Promise<{ deleted: true }> =>
  api<{ deleted: true }>({
    method: 'DELETE',
    url: `/events/${encodeURIComponent(eventId)}/discount-codes/${encodeURIComponent(codeId)}`,
    silent: true,
  });

export function useDeleteDiscountCode(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) => deleteDiscountCode(api, eventId, codeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.discountCodes(eventId) }),
  });
}

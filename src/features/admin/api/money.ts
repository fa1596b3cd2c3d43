import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlatformFees, WebhookRetry } from '#contract/admin-sales.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const platformFeesOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: adminKeys.platformFees(), queryFn: () => api<PlatformFees>({ url: '/admin/platform-fees' }) });
export const usePlatformFees = () => useQuery(platformFeesOptions(useApiCaller()));

/** Applies a failed webhook delivery again; the webhook lists and the overview's failed count follow. */
export function useRetryWebhook() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookRetry>({ method: 'POST', url: `/admin/webhooks/${encodeURIComponent(deliveryId)}/retry`, silent: true }),
    onSettled: () =>
      Promise.all(
        [adminKeys.lists('webhooks'), adminKeys.lists('orders'), adminKeys.lists('payments'), adminKeys.overview()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

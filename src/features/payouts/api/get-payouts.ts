import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PayoutDetail, Payouts } from '#contract/payouts.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { payoutKeys } from '#lib/query-keys/payouts.ts';

/** `GET /organizations/{organizationId}/payouts`: the balance and a page of payouts. Silent: the page explains a refusal. */
export const getPayouts = (api: ApiCaller, organizationId: string, after: string | null): Promise<Payouts> =>
  api<Payouts>({
    url: `/organizations/${encodeURIComponent(organizationId)}/payouts`,
    params: after ? { after } : {},
    silent: true,
  });

export const payoutsQueryOptions = (api: ApiCaller, organizationId: string) =>
  infiniteQueryOptions({
    queryKey: payoutKeys.list(organizationId),
    queryFn: ({ pageParam }) => getPayouts(api, organizationId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Payouts) => last.next,
  });

export function usePayouts(organizationId: string | null) {
  const api = useApiCaller();
  return useInfiniteQuery({ ...payoutsQueryOptions(api, organizationId ?? ''), enabled: organizationId !== null });
}

/** `GET /organizations/{organizationId}/payouts/{payoutId}`: the orders one payout covers, asked for when opened. */
export function usePayout(organizationId: string, payoutId: string, open: boolean) {
  const api = useApiCaller();
  return useQuery({
    queryKey: payoutKeys.payout(organizationId, payoutId),
    queryFn: () =>
      api<PayoutDetail>({
        url: `/organizations/${encodeURIComponent(organizationId)}/payouts/${encodeURIComponent(payoutId)}`,
      }),
    enabled: open,
  });
}

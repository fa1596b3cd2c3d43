import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeeQuote, FeeQuoteRequest, FeeRuleList, NewFeeRule } from '#contract/admin-sales.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

/** Every fee rule, or one organiser's fee plan. */
export const feeRulesOptions = (api: ApiCaller, organizationId?: string) =>
  queryOptions({
    queryKey: adminKeys.feeRules(organizationId),
    queryFn: () =>
      api<FeeRuleList>({ url: '/admin/booking-fees', params: organizationId ? { organization: organizationId } : undefined }),
  });
export const useFeeRules = (organizationId?: string) => useQuery(feeRulesOptions(useApiCaller(), organizationId));

export function useAddFeeRule() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: NewFeeRule) => api<FeeRuleList>({ method: 'POST', url: '/admin/booking-fees', data: rule, silent: true }),
    // Every list of rules follows, and a plan rule's organiser shows it in its history.
    onSuccess: (_list, rule) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.feeRules() }),
        rule.organizationId ? queryClient.invalidateQueries({ queryKey: adminKeys.organiser(rule.organizationId) }) : null,
      ]),
  });
}

export function useFeeQuote() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (request: FeeQuoteRequest) =>
      api<FeeQuote>({ method: 'POST', url: '/admin/booking-fees/quote', data: request, silent: true }),
  });
}

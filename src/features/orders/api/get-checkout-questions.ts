import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutQuestions } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

const fiveMinutes = 5 * 60 * 1000;

/** `GET /events/{eventId}/checkout-questions`: what the organiser asks buyers, in order. Silent: the form says it. */
export const getCheckoutQuestions = (api: ApiCaller, eventId: string): Promise<CheckoutQuestions> =>
  api<CheckoutQuestions>({ url: `/events/${encodeURIComponent(eventId)}/checkout-questions`, silent: true });

/** Questions change rarely while a buyer books; a visit keeps them five minutes (the server checks the order anyway). */
export const checkoutQuestionsQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({
    queryKey: orderKeys.checkoutQuestions(eventId),
    queryFn: () => getCheckoutQuestions(api, eventId),
    staleTime: fiveMinutes,
  });

export function useCheckoutQuestions(eventId: string) {
  const api = useApiCaller();
  return useQuery(checkoutQuestionsQueryOptions(api, eventId));
}

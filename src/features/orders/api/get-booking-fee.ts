import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingFeeRule } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

const tenMinutes = 10 * 60 * 1000;

/**
 * `GET /booking-fee`: the rule that prices the event's tickets in `currency` now (its organiser's fee plan, else the
 * platform's). Silent: the summary says when it is missing.
 */
export const getBookingFee = (api: ApiCaller, currency: string, eventId: string): Promise<BookingFeeRule> =>
  api<BookingFeeRule>({ url: '/booking-fee', params: { currency, event: eventId }, silent: true });

/** The rule changes rarely (an admin edits it); a visit keeps it for ten minutes. */
export const bookingFeeQueryOptions = (api: ApiCaller, currency: string, eventId: string) =>
  queryOptions({
    queryKey: orderKeys.bookingFee(currency, eventId),
    queryFn: () => getBookingFee(api, currency, eventId),
    staleTime: tenMinutes,
    gcTime: tenMinutes,
  });

/** The rule, fetched once `enabled` (the buyer's first ticket), so an event page view costs no call. */
export function useBookingFee(currency: string, eventId: string, enabled: boolean) {
  const api = useApiCaller();
  return useQuery({ ...bookingFeeQueryOptions(api, currency, eventId), enabled });
}

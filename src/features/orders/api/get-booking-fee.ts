import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingFeeRule } from '../../../contract/orders.ts';
import { type ApiCaller, useApiCaller } from '../../../lib/api-caller.tsx';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

const tenMinutes = 10 * 60 * 1000;

/** `GET /booking-fee`: the platform's current rule for tickets in `currency`. Silent: the summary says when it is missing. */
export const getBookingFee = (api: ApiCaller, currency: string): Promise<BookingFeeRule> =>
  api<BookingFeeRule>({ url: '/booking-fee', params: { currency }, silent: true });

/** The rule changes rarely (an admin edits it); a visit keeps it for ten minutes. */
export const bookingFeeQueryOptions = (api: ApiCaller, currency: string) =>
  queryOptions({
    queryKey: orderKeys.bookingFee(currency),
    queryFn: () => getBookingFee(api, currency),
    staleTime: tenMinutes,
    gcTime: tenMinutes,
  });

/** The rule, fetched once `enabled` (the buyer's first ticket), so an event page view costs no call. */
export function useBookingFee(currency: string, enabled: boolean) {
  const api = useApiCaller();
  return useQuery({ ...bookingFeeQueryOptions(api, currency), enabled });
}

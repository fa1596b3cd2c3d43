import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKeys } from '#lib/query-keys/orders.ts';
import { ticketStore } from '../storage/ticket-store.ts';

/** The account's tickets kept on this device. Read from IndexedDB, so it runs offline too (networkMode always). */
export const savedOrdersQueryOptions = (authId: string) =>
  queryOptions({
    queryKey: orderKeys.saved(authId),
    queryFn: () => ticketStore().read(authId),
    networkMode: 'always',
    // Changed only through this app's writes, which put their result in the cache.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The signed-in account's saved orders; idle when signed out. Never read on the server. */
export function useSavedOrders(authId: string | null) {
  return useQuery({ ...savedOrdersQueryOptions(authId ?? ''), enabled: authId !== null });
}

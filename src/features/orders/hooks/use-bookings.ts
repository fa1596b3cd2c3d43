import { useRouteSession } from '#lib/session/session-context.tsx';
import { useHydrated } from '#lib/use-hydrated.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { savedOnDevice, shownOrders } from '../utils/shown-orders.ts';
import { useSyncOrdersOnDevice } from './use-keep-tickets.ts';
import { useSavedOrders } from './use-saved-orders.ts';

/**
 * My tickets: the device's copy at once, the network's list when it answers (it wins, and the device follows
 * it). The device is only consulted after hydration, so the browser's first render matches the server's HTML.
 */
export function useBookings() {
  const { authId } = useRouteSession();
  const network = useMyOrders();
  const device = useSavedOrders(authId);
  const hydrated = useHydrated();
  useSyncOrdersOnDevice(authId, network.data?.items, network.dataUpdatedAt);

  const saved = hydrated && device.data ? device.data : null;
  const listed = network.data ? { items: network.data.items, updatedAt: network.dataUpdatedAt } : null;
  return {
    shown: shownOrders(listed, saved),
    /** Per order: kept on this device (true), not yet (false), not known yet (undefined). */
    isSaved: savedOnDevice(saved),
    /** The device has answered (with or without tickets), or cannot. */
    deviceRead: hydrated && (device.isSuccess || device.isError),
    isFetching: network.isFetching,
    isError: network.isError,
    refetch: network.refetch,
  };
}

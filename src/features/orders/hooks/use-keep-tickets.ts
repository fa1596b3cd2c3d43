import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '#contract/orders.ts';
import { orderKeys } from '#lib/query-keys/orders.ts';
import { type SavedOrders, ticketStore } from '../storage/ticket-store.ts';
import { holdsTickets } from '../utils/booking-sections.ts';

const canStore = () => typeof indexedDB !== 'undefined';

/** Shows what the device now holds; storage failing (private mode, a full disk) only warns. */
function showSaved(queryClient: QueryClient, authId: string, write: Promise<SavedOrders>): void {
  write
    .then((saved) => queryClient.setQueryData(orderKeys.saved(authId), saved))
    .catch((error: unknown) => console.warn('Could not keep the tickets on this device', error));
}

/**
 * Keeps an order the signed-in buyer sees (the success and payment return pages) on the device once it holds
 * tickets. A guest's order is not kept: My tickets needs an account, and a guest's tickets are in their email.
 */
export function useKeepOrderOnDevice(authId: string | null, order: Order | undefined, seenAt: number): void {
  const queryClient = useQueryClient();
  const keeps = order && holdsTickets(order) && order.tickets.length > 0 ? order : null;
  useEffect(() => {
    if (authId && keeps && canStore()) showSaved(queryClient, authId, ticketStore().keep(authId, [keeps], seenAt));
  }, [authId, keeps, seenAt, queryClient]);
}

/** Makes the device's copy follow the network's list of the account's orders (`GET /orders/mine`) answered at `asOf`. */
export function useSyncOrdersOnDevice(authId: string | null, items: readonly Order[] | undefined, asOf: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (authId && items && canStore()) showSaved(queryClient, authId, ticketStore().sync(authId, items, asOf));
  }, [authId, items, asOf, queryClient]);
}

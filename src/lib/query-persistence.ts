import { type Persister, persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';

import { persistMaxAge } from './query-client.ts';

export { persistMaxAge };

const storageKey = 'admit-query-cache';

const idbPersister: Persister = {
  persistClient: (client) => set(storageKey, client),
  restoreClient: () => get(storageKey),
  removeClient: () => del(storageKey),
};

/**
 * Keeps queries that opt in (`meta: { persist: true }`) in IndexedDB so pages work on poor
 * connections. Restores after hydration: server data is newer and wins.
 */
export async function startQueryPersistence(queryClient: QueryClient, buster: string): Promise<void> {
  const options = {
    queryClient,
    persister: idbPersister,
    maxAge: persistMaxAge,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { meta?: Record<string, unknown>; state: { status: string } }) =>
        query.meta?.persist === true && query.state.status === 'success',
    },
  };
  try {
    await persistQueryClientRestore(options);
  } catch (error) {
    console.warn('Could not restore the offline cache', error);
  }
  persistQueryClientSubscribe(options);
}

export function clearPersistedQueries(): Promise<void> {
  return del(storageKey);
}

import {
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
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
  // What the server's page brought (its data hydrated before this started) changes nothing in the cache, so the
  // subscription would not store it: a page opened online and then offline would find nothing kept.
  await persistQueryClientSave(options).catch((error: unknown) => console.warn('Could not keep the offline cache', error));
}

export function clearPersistedQueries(): Promise<void> {
  return del(storageKey);
}

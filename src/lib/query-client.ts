import { QueryClient } from '@tanstack/react-query';

/** The spec's data-fetching constants. */
export const queryDefaults = { staleTime: 5_000, gcTime: 5_000, retry: false } as const;

/** How long persisted queries stay usable offline; queries that opt in set gcTime at least this long. */
export const persistMaxAge = 7 * 24 * 60 * 60 * 1000;

/** A new client per server request and one per browser tab. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryDefaults },
      mutations: { retry: false },
    },
  });
}

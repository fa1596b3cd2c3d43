import 'fake-indexeddb/auto';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { clearPersistedQueries, persistMaxAge, startQueryPersistence } from './query-persistence.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_200));

describe('offline query cache', () => {
  it('keeps only the queries that opt in, and restores them in a new tab', async () => {
    await clearPersistedQueries();
    const first = createQueryClient();
    await startQueryPersistence(first, 'build-1');
    await first.fetchQuery({
      queryKey: ['tickets'],
      queryFn: async () => ['t1'],
      meta: { persist: true },
      gcTime: persistMaxAge,
    });
    await first.fetchQuery({ queryKey: ['search'], queryFn: async () => ['s1'], gcTime: persistMaxAge });
    await settle();

    const second = createQueryClient();
    await startQueryPersistence(second, 'build-1');
    expect(second.getQueryData(['tickets'])).toEqual(['t1']);
    expect(second.getQueryData(['search'])).toBeUndefined();
  });

  it('keeps what a server-rendered page brought before it started, with nothing fetched after', async () => {
    await clearPersistedQueries();
    const server = createQueryClient();
    await server.fetchQuery({ queryKey: ['bookmarks'], queryFn: async () => ['b1'], meta: { persist: true } });
    const page = createQueryClient();
    hydrate(page, dehydrate(server));
    await startQueryPersistence(page, 'build-1');

    const offline = createQueryClient();
    await startQueryPersistence(offline, 'build-1');
    expect(offline.getQueryData(['bookmarks'])).toEqual(['b1']);
  });

  it('drops what an older build stored', async () => {
    const third = createQueryClient();
    await startQueryPersistence(third, 'build-2');
    expect(third.getQueryData(['tickets'])).toBeUndefined();
  });
});

describe('data-fetching defaults', () => {
  it('follow the spec: fresh 5 s, kept 5 s, no retries', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ staleTime: 5_000, gcTime: 5_000, retry: false });
  });
});

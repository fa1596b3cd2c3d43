/// <reference lib="webworker" />
import type { PrecacheController } from 'workbox-precaching';

import type { OfflineStatus } from '../lib/offline-status.ts';

/** Counts the precached files actually in the cache (an installing worker answers with its progress). */
export async function offlineStatus(
  controller: PrecacheController,
  cacheName: string,
  shellPath: string,
): Promise<OfflineStatus> {
  const cache = await caches.open(cacheName);
  const keys = [...controller.getURLsToCacheKeys().values()];
  const stored = await Promise.all(keys.map(async (key) => Boolean(await cache.match(key))));
  const shellKey = controller.getCacheKeyForURL(shellPath);
  return {
    total: keys.length,
    cached: stored.filter(Boolean).length,
    shell: shellKey ? Boolean(await cache.match(shellKey)) : false,
  };
}

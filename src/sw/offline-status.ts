/// <reference lib="webworker" />
import type { PrecacheController } from 'workbox-precaching';

/** What a page asks the worker, and its answer: how much of the app this device holds for offline use. */
export const offlineStatusMessage = 'OFFLINE_STATUS';

export interface OfflineStatus {
  /** Files of this build the worker keeps (the shell, every route chunk, styles, icons). */
  total: number;
  /** Of those, how many are stored. */
  cached: number;
  /** The app shell, from which the door and My tickets open offline, is stored. */
  shell: boolean;
}

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

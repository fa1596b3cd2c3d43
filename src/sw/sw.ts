/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { doorUploadTag, uploadQueuedScans } from '../features/door/storage/background-upload.ts';
import { pagesCacheName } from '../lib/session/pages-cache.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const pagesCache = pagesCacheName;
const imagesCache = 'admit-images';

// The shell, every route chunk, styles, icons and the offline page.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Signing out removes what this device kept of the user's pages.
  if (event.data?.type === 'CLEAR_USER_DATA') void caches.delete(pagesCache);
});

// Door scans queued offline go up when the connection returns, even with no page open (Background Sync).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === doorUploadTag) sync.waitUntil(uploadQueuedScans());
});

// Money and credentials are never served from a cache.
const neverCached = /^\/api\/(auth|orders|payments)(\/|$)/;
registerRoute(({ url }) => url.origin === self.location.origin && neverCached.test(url.pathname), new NetworkOnly(), 'GET');

// Payment pages (the sandbox's card form, the return pages with an order's token in the address): never kept,
// always from the network; without one, the offline page.
const paymentPages = /^\/(pay|payment)(\/|-|$)/;
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && paymentPages.test(url.pathname),
  new NetworkOnly(),
);

// Pages: the network first, the last copy when offline, the offline page when there is none.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: pagesCache,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 })],
    }),
    { denylist: [/^\/api\//, /^\/dev\//, /^\/pay\//] },
  ),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/icons/'),
  new CacheFirst({
    cacheName: imagesCache,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline')) ?? Response.error();
  return Response.error();
});

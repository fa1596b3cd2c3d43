/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { doorUploadTag, uploadQueuedScans } from '../features/checkins/storage/background-upload.ts';
import { appShellPath, isDevicePage, keepableHeader } from '../lib/app-shell.ts';
import { offlineStatusMessage } from '../lib/offline-status.ts';
import { pagesCacheName } from '../lib/session/pages-cache.ts';
import { buildAsset, keepEarlierBuilds } from './build-assets.ts';
import { offlineStatus } from './offline-status.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const imagesCache = 'admit-images';
const precacheName = cacheNames.precache;

// The shell, every route chunk, styles and icons of this build.
const precache = new PrecacheController({ cacheName: precacheName });
self.addEventListener('install', (event) => event.waitUntil(keepEarlierBuilds(precacheName)));
precache.precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Pages an earlier version kept with someone's data in them (before only public pages were kept) go at activation.
async function dropPrivatePages(): Promise<void> {
  if (!(await caches.has(pagesCacheName))) return;
  const pages = await caches.open(pagesCacheName);
  for (const request of await pages.keys()) {
    const response = await pages.match(request);
    if (!response?.headers.has(keepableHeader)) await pages.delete(request);
  }
}
self.addEventListener('activate', (event) => event.waitUntil(dropPrivatePages()));

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Signing out removes what this device kept of the pages (public ones only, but still the visitor's history).
  if (event.data?.type === 'CLEAR_USER_DATA') void caches.delete(pagesCacheName);
  if (event.data?.type === offlineStatusMessage && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(offlineStatus(precache, precacheName, appShellPath).then((status) => port.postMessage(status)));
  }
});

// Door scans queued offline go up when the connection returns, even with no page open (Background Sync).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === doorUploadTag) sync.waitUntil(uploadQueuedScans());
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const shell = async (request: Request) => (await precache.matchPrecache(appShellPath)) ?? fetch(request);

// Build files: this build's copy, else the network with retries, else an earlier build's copy.
registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/assets/') || precache.getCacheKeyForURL(url.href) !== undefined),
  ({ request }) => buildAsset(request, precache),
);

// Money and credentials are never served from a cache.
const neverCached = /^\/api\/(auth|orders|payments)(\/|$)/;
registerRoute(({ url }) => sameOrigin(url) && neverCached.test(url.pathname), new NetworkOnly(), 'GET');

// The door and My tickets open from the device at once, whatever the connection: the shell, rendered in the
// browser from what the device holds; the page refreshes its data from the network in the background.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isDevicePage(url.pathname),
  ({ request }) => shell(request),
);

// Payment pages (the sandbox's card form, the return pages with an order's token in the address): never kept.
const paymentPages = /^\/(pay|payment)(\/|-|$)/;
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && paymentPages.test(url.pathname),
  new NetworkOnly(),
);

// Other pages: the network first. Only public pages (the server marks them) are kept, for offline reading;
// a page with anything of the visitor in it is never stored.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: pagesCacheName,
      networkTimeoutSeconds: 4,
      plugins: [
        {
          cacheWillUpdate: async ({ response }) =>
            response.status === 200 && response.headers.has(keepableHeader) ? response : null,
        },
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 }),
      ],
    }),
    { denylist: [/^\/api\//, /^\/dev\//] },
  ),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/icons/'),
  new CacheFirst({
    cacheName: imagesCache,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Offline, a page that was never kept opens as the shell: the browser renders it, and says what needs a connection.
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? shell(request) : Response.error()));

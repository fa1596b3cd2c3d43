/// <reference lib="webworker" />
import { CacheExpiration } from 'workbox-expiration';
import type { PrecacheController } from 'workbox-precaching';

/** Copies of earlier builds' code, so a page opened before a deploy keeps loading its own chunks. */
export const earlierBuildsCache = 'admit-earlier-builds';
const expiration = new CacheExpiration(earlierBuildsCache, { maxEntries: 600, maxAgeSeconds: 60 * 24 * 60 * 60 });

const isBuildAsset = (url: string) => new URL(url).pathname.startsWith('/assets/');

/**
 * At install, before the new worker's activation removes them from the precache, the code of the build the
 * open pages run (and any older one still there) is kept aside.
 */
export async function keepEarlierBuilds(precacheName: string): Promise<void> {
  const precache = await caches.open(precacheName);
  const kept = await caches.open(earlierBuildsCache);
  for (const request of await precache.keys()) {
    if (!isBuildAsset(request.url)) continue;
    const response = await precache.match(request);
    if (!response) continue;
    // Hashed names: the address without workbox's revision parameter is the chunk's identity.
    const url = new URL(request.url);
    url.searchParams.delete('__WB_REVISION__');
    await kept.put(url.href, response);
    await expiration.updateTimestamp(url.href);
  }
  await expiration.expireEntries();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pauses before each try of a chunk on the network: at once, then a short backoff. */
export const retryDelaysMs = [0, 300, 1200];

/**
 * A build file (route chunk, style, icon): this build's precached copy; else the network, tried again on a
 * failure or a server error; else the copy of an earlier build this device still holds. Only then does the
 * page see a failure (and reloads once, as a last resort).
 */
export async function buildAsset(request: Request, controller: PrecacheController): Promise<Response> {
  const precached = await controller.matchPrecache(request);
  if (precached) return precached;
  let answer: Response | undefined;
  for (const delay of retryDelaysMs) {
    if (delay > 0) await wait(delay);
    try {
      answer = await fetch(request);
      if (answer.ok) return answer;
      // A missing file (a deploy removed it) is not worth another try; a server error is.
      if (answer.status < 500) break;
    } catch {
      answer = undefined;
    }
  }
  const earlier = await caches.match(request.url, { cacheName: earlierBuildsCache, ignoreSearch: true });
  return earlier ?? answer ?? Response.error();
}

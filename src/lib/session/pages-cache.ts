/** The service worker's cache of pages (src/sw/sw.ts); cleared when a session ends. */
export const pagesCacheName = 'admit-pages';

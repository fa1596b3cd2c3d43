import { navigateTo } from './external-navigation.ts';

/** The spec's page-reload protection window. */
export const reloadProtectionMs = 10_000;
const storageKey = 'admit:chunk-reload-at';

/** True for the errors browsers raise when a page's code (a chunk) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  );
}

/**
 * Reloads the target page once so a newer deployment's code is fetched. Returns false when a
 * reload already happened within the protection window, so the caller shows the error page.
 */
export function reloadOnceForChunkError(targetHref: string, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(storageKey) ?? 0);
  } catch {
    return false;
  }
  if (now - last < reloadProtectionMs) return false;
  sessionStorage.setItem(storageKey, String(now));
  navigateTo(targetHref);
  return true;
}

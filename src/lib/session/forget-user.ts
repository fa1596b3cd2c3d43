import { wipeSession } from './cookies.ts';
import { pagesCacheName } from './pages-cache.ts';

/** What a feature removes of a user's data from this device when their session ends (registered by the app). */
export type ForgetStep = () => Promise<void>;

const steps: ForgetStep[] = [];

export function onForgetUser(step: ForgetStep): void {
  if (!steps.includes(step)) steps.push(step);
}

/**
 * Leaves nothing of the user readable on this device: the session cookies and session storage, the persisted
 * query cache, the service worker's copies of pages, and what features registered (the tickets kept for My
 * tickets; the door's attendee data, though its scans not yet uploaded stay, for the next member of that
 * organisation to send).
 * Runs on sign-out and when the server ends the session (a 401), so a shared phone keeps no one's data.
 */
export async function forgetUserData(): Promise<void> {
  wipeSession();
  await forgetDeviceData();
}

/** The user's data kept on this device, without the session cookies (acting for support ends with it: decision 033). */
export async function forgetDeviceData(): Promise<void> {
  // Each part on its own: storage missing or failing (private mode, no IndexedDB) never stops the others.
  // The persisted cache's code loads only here and after the page is interactive, never before it.
  const clearPersistedQueries = async () => (await import('../query-persistence.ts')).clearPersistedQueries();
  const parts: Array<() => Promise<unknown>> = [clearPersistedQueries, ...steps];
  if (typeof caches !== 'undefined') parts.push(() => caches.delete(pagesCacheName));
  const work = parts.map((part) => Promise.resolve().then(part));
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
  const results = await Promise.allSettled(work);
  for (const result of results) if (result.status === 'rejected') console.warn('Could not clear user data', result.reason);
}

import { api } from '../api-client.ts';
import { clearPersistedQueries } from '../query-persistence.ts';
import { wipeSession } from './cookies.ts';
import { runSignOutSteps } from './sign-out-steps.ts';

/**
 * Ends the session everywhere this device kept it: the server revokes the refresh token and
 * clears its cookie; the cookies, the persisted query cache and the service worker's copies of
 * pages go; then the app starts afresh. Features' sign-out steps run first (door scans are uploaded, or the
 * person confirms losing them); resolves false when one of them kept the session.
 */
export async function signOut(destination = '/'): Promise<boolean> {
  if (!(await runSignOutSteps())) return false;
  try {
    await api.post('/auth/signOut', {}, { silent: true });
  } catch {
    // Offline or already ended: the local session still goes.
  }
  wipeSession();
  await clearPersistedQueries().catch(() => undefined);
  navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
  window.location.assign(destination);
  return true;
}

import Cookies from 'js-cookie';
import { browserApiCaller as api } from '../api-caller.tsx';
import { navigateTo } from '../external-navigation.ts';
import { actingCookieName, readActingToken, removeActingCookie } from './acting.ts';
import { forgetUserData } from './forget-user.ts';
import { runSignOutSteps } from './sign-out-steps.ts';

/**
 * Ends the session everywhere this device kept it: the server revokes the refresh token and
 * clears its cookie; the user's data on the device goes (forgetUserData); then the app starts afresh. Features' sign-out steps run first (door scans are uploaded, or the
 * person confirms losing them); resolves false when one of them kept the session.
 */
export async function signOut(destination = '/'): Promise<boolean> {
  if (!(await runSignOutSteps())) return false;
  try {
    // Acting for support stops first, with its own token, so it is recorded as ended (decision 033).
    const acting = readActingToken(Cookies.get(actingCookieName));
    if (acting) {
      await api({ method: 'POST', url: `/admin/users/${acting.userId}/act/stop`, silent: true }).catch(() => undefined);
      // The acting token has ended: the sign-out goes with the administrator's own, so their refresh token is revoked.
      removeActingCookie();
    }
    await api({ method: 'POST', url: '/auth/signOut', data: {}, silent: true });
  } catch {
    // Offline or already ended: the local session still goes.
  }
  await forgetUserData();
  navigateTo(destination);
  return true;
}

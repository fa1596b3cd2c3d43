import { navigateTo } from '../external-navigation.ts';
import { removeActingCookie } from './acting.ts';
import { forgetDeviceData } from './forget-user.ts';

/** Clearing the device never holds the way back for longer than this. */
const forgetWaitMs = 3000;

/**
 * Ends acting as a user in this browser: the acting cookie and the user's data kept on the device go, the
 * administrator's own session stays, and the admin's users page loads afresh.
 */
export async function endActing(destination = '/admin/users'): Promise<void> {
  removeActingCookie();
  const waited = new Promise((resolve) => setTimeout(resolve, forgetWaitMs));
  await Promise.race([forgetDeviceData(), waited]).catch(() => undefined);
  navigateTo(destination);
}

import type { RouteContext } from '#app/route-context.ts';
import { warmDoorEngine } from '#features/checkins/device/door-device.ts';

/**
 * The loader of the door's scanning and search screens: in the browser, the event's scan data is read from the
 * device before the page is drawn (for at most `doorEngineWaitMs`).
 */
export function createDoorLoader({ session }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    await warmDoorEngine(request.url, session().authId);
    return null;
  };
}

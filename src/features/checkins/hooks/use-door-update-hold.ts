import { useEffect } from 'react';
import { holdUpdates } from '#lib/update-gate.ts';
import type { DoorEngine } from '../engine/door-engine.ts';
import { holdUpdatesWhilePending } from '../engine/update-hold.ts';

/**
 * Lets go a moment later: moving from one door screen to the next, the next one holds first, so the gate never
 * opens in between (the update prompt would flash).
 */
const handOver = (release: () => void) => () => {
  setTimeout(release, 0);
};

/**
 * While this door screen is mounted, app updates wait whenever the door is busy: on the scan screen always
 * (`scanning`, from the first frame, while its engine still opens), and on any door screen while scans wait
 * to upload.
 */
export function useDoorUpdateHold(engine: DoorEngine | null, options: { scanning?: boolean } = {}): void {
  const scanning = options.scanning === true;
  useEffect(() => (scanning ? handOver(holdUpdates()) : undefined), [scanning]);
  useEffect(() => (engine ? handOver(holdUpdatesWhilePending(engine.status)) : undefined), [engine]);
}

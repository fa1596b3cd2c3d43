import { holdUpdates } from '#lib/update-gate.ts';
import type { DoorStatus } from './door-status.ts';
import type { Observable } from './observable.ts';

/**
 * Holds app updates (no prompt, no reload) while the door has scans waiting to upload, and lets go as soon as
 * the queue is empty. Returns a stop, which also lets go.
 */
export function holdUpdatesWhilePending(status: Observable<DoorStatus>): () => void {
  let release: (() => void) | null = null;
  const follow = () => {
    const pending = status.get().pending > 0;
    if (pending && !release) release = holdUpdates();
    if (!pending && release) {
      release();
      release = null;
    }
  };
  follow();
  const unsubscribe = status.subscribe(follow);
  return () => {
    unsubscribe();
    release?.();
    release = null;
  };
}

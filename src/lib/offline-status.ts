/** The question a page posts to the service worker (with a MessagePort); the worker answers on the port. */
export const offlineStatusMessage = 'OFFLINE_STATUS';

/** The worker's answer: how much of this build the device holds for offline use. */
export interface OfflineStatus {
  /** Files of this build the worker keeps (the shell, every route chunk, styles, icons). */
  total: number;
  /** Of those, how many are stored. */
  cached: number;
  /** The app shell, from which the door and My tickets open offline, is stored. */
  shell: boolean;
}

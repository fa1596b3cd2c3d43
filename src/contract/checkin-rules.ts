/** Undo a check-in within 2 minutes of it, from the device that made it or by an owner or manager. */
export const CHECKIN_UNDO_WINDOW_MS = 2 * 60 * 1000;

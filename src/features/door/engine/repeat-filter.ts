/**
 * Continuous scanning reads the same code many times a second while it is in view: a code seen within
 * `windowMs` of its last sighting is ignored. Each sighting extends the window, so a ticket held in front of
 * the camera is judged once.
 */
export function createRepeatFilter(windowMs = 3000) {
  const seen = new Map<string, number>();
  return {
    /** true when the code should be judged now. */
    accept(code: string, now: number): boolean {
      const last = seen.get(code);
      seen.set(code, now);
      if (seen.size > 200) {
        for (const [key, at] of seen) if (now - at > windowMs) seen.delete(key);
      }
      return last === undefined || now - last > windowMs;
    },
    forget(code: string) {
      seen.delete(code);
    },
  };
}

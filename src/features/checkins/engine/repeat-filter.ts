/**
 * Continuous scanning reads the same code many times a second while it is in view: a code seen within
 * `windowMs` of its last sighting is ignored. Each sighting extends the window, so a ticket held in front of
 * the camera is judged once. The code whose verdict is on screen (`hold`) is ignored too, however long its
 * verdict shows: an invalid verdict stays up for 6 s, and a forged code shown again while it is up (lowered and
 * raised, after more than `windowMs`) must not be judged and logged a second time behind the same verdict.
 */
export function createRepeatFilter(windowMs = 3000) {
  const seen = new Map<string, number>();
  let held: string | null = null;
  return {
    /** true when the code should be judged now. */
    accept(code: string, now: number): boolean {
      const last = seen.get(code);
      seen.set(code, now);
      if (seen.size > 200) {
        for (const [key, at] of seen) if (now - at > windowMs) seen.delete(key);
      }
      if (code === held) return false;
      return last === undefined || now - last > windowMs;
    },
    /** The code whose verdict is on screen now (null: none); its window runs again from its last sighting once released. */
    hold(code: string | null) {
      held = code;
    },
    forget(code: string) {
      seen.delete(code);
      if (held === code) held = null;
    },
  };
}

/**
 * Ends the current task and resumes in a new one, so the browser may paint and answer input in between: a long
 * start-up split at its natural seams is several short tasks on a phone rather than one that blocks a tap.
 * `scheduler.yield()` resumes ahead of other queued work where the browser has it; elsewhere a zero-delay timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resume) => setTimeout(resume, 0));
}

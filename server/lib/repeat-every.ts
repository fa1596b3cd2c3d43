/**
 * Runs `work` every `everyMs` (and once at once when `atStart`), one run after another, never two at a time in this
 * process; a failed run is handed to `onError` and the next runs as planned. Answers a stop that waits for the run
 * under way.
 */
export function repeatEvery(
  everyMs: number,
  work: () => Promise<void>,
  onError: (error: unknown) => void,
  { atStart = false }: { atStart?: boolean } = {},
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(work).catch(onError);
  };
  if (atStart) run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

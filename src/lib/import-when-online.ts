/**
 * Imports code the page runs in the background (syncing what the device kept): a failure to fetch it, as when the
 * connection drops while the page starts, is no error of the page, which stays as it is. It is fetched again when
 * the browser is back online. Returns a stop function.
 */
export function importWhenOnline<T>(load: () => Promise<T>, use: (module: T) => void): () => void {
  let stopped = false;
  const attempt = () => {
    load().then(
      (module) => {
        if (!stopped) use(module);
      },
      () => {
        if (!stopped) window.addEventListener('online', attempt, { once: true });
      },
    );
  };
  attempt();
  return () => {
    stopped = true;
    window.removeEventListener('online', attempt);
  };
}

/**
 * A module of the contract's schemas that a page's forms check their values with, loaded after the page is
 * interactive: zod alone is 25 KB of gzip, more than the sign-in page's own code and a sixth of all it loaded before
 * it could be used. The forms ask for it once the page is idle (`preload`); a submit that comes first waits for it.
 */
export interface LazySchemas<M> {
  /** The module; a load that failed (no connection) is tried again by the next call. */
  get(): Promise<M>;
  /** Asks for the module when the browser is next idle; a failure is left to `get`. */
  preload(): void;
}

export function lazySchemas<M>(load: () => Promise<M>): LazySchemas<M> {
  let loading: Promise<M> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const whenIdle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run) : setTimeout(run, 1);
  return { get, preload: () => void whenIdle(() => void get().catch(() => undefined)) };
}

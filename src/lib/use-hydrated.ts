import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False on the server and during hydration, true after: for controls that only work with scripts. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Holds app updates while work must not be interrupted: a door that is scanning or has scans waiting to
 * upload. The update prompt waits until nothing holds it, and a new version never reloads a held page.
 */
const holders = new Set<symbol>();
const listeners = new Set<(held: boolean) => void>();

const tell = (held: boolean) => {
  for (const listener of [...listeners]) listener(held);
};

/** Holds updates until the returned release is called. */
export function holdUpdates(): () => void {
  const holder = Symbol('update-hold');
  holders.add(holder);
  if (holders.size === 1) tell(true);
  return () => {
    if (holders.delete(holder) && holders.size === 0) tell(false);
  };
}

export function updatesHeld(): boolean {
  return holders.size > 0;
}

/** Calls `listener` when the gate closes (the first hold) and opens (the last release). */
export function onUpdateGate(listener: (held: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

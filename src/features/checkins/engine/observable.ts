type Listener = () => void;

/** A value the screens follow (useSyncExternalStore or a plain subscription). */
export interface Observable<T> {
  get(): T;
  /** Whether anything (a screen) follows the value. */
  listening(): boolean;
  set(next: T): void;
  subscribe(listener: Listener): () => void;
}

export function observable<T>(initial: T): Observable<T> {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    listening: () => listeners.size > 0,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

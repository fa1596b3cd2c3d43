/**
 * A map of at most `limit` entries that forgets its oldest entry to make room, and an entry once its
 * expiry (milliseconds since the epoch, optional) has passed. For what one instance keeps to save a
 * round trip: nothing in it may be needed by another instance, and losing it must only cost a read.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The entry, removed: for what may be used once. */
  take(key: K, now = Date.now()): V | undefined {
    const value = this.get(key, now);
    this.#entries.delete(key);
    return value;
  }

  set(key: K, value: V, expiresAt = Number.POSITIVE_INFINITY): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, expiresAt });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Forgets every entry whose value passes `test` (a walk over all of them: for rare events). */
  deleteWhere(test: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (test(entry.value)) this.#entries.delete(key);
  }
}

import { createStore, entries, set, type UseStore } from 'idb-keyval';
import { statusOf } from '#lib/api-caller.tsx';

/** A bookmark change this device has made and the server has not confirmed yet. */
export interface PendingBookmark {
  userId: string;
  eventId: string;
  /** The state to reach: bookmarked (PUT) or not (DELETE). Only the latest change per event is kept. */
  bookmarked: boolean;
  /** When the latest change was made (ms, strictly increasing in a tab): changes are sent in this order. */
  changedAt: number;
}

export type BookmarkChange = Pick<PendingBookmark, 'userId' | 'eventId' | 'bookmarked'>;

/**
 * What the page shows for an event while the server may not know yet.
 * queued: about to be sent; waiting: could not be sent (offline, server away), kept on this device
 * and sent when the connection returns; synced: the server confirmed it (until fresher server data arrives).
 */
export interface BookmarkOverride {
  bookmarked: boolean;
  status: 'queued' | 'waiting' | 'synced';
  /** When the change was made or confirmed (ms). */
  at: number;
}

/** Why a pass over the queue stopped early; the change it stopped at and those after it stay queued. */
export type FlushStop = 'offline' | 'unauthorized' | 'unavailable';

export interface FlushResult {
  /** Changes the server accepted, in the order they were sent. */
  sent: PendingBookmark[];
  /** Changes the server refused for good (e.g. the event is gone): dropped, with the reason. */
  rejected: Array<{ change: PendingBookmark; error: unknown }>;
  stopped: FlushStop | null;
}

export type SendBookmark = (change: PendingBookmark) => Promise<unknown>;

export const overrideKey = (userId: string, eventId: string) => `${userId}:${eventId}`;

/** How a failed call is handled: kept for later unless the server refused the change itself. */
export function failureKind(error: unknown): FlushStop | 'rejected' {
  const status = statusOf(error);
  if (status === 0) return 'offline';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'rejected';
}

const byChangeOrder = (a: PendingBookmark, b: PendingBookmark) => a.changedAt - b.changedAt;

export interface BookmarkQueue {
  /** Records the state to reach, replacing any earlier unsent change to the same event. */
  enqueue(change: BookmarkChange, options?: { waiting?: boolean }): Promise<PendingBookmark>;
  /** The user's unsent changes, oldest first. */
  pending(userId: string): Promise<PendingBookmark[]>;
  /** Shows what an earlier visit left unsent (after a reload), without sending it. */
  load(userId: string, options?: { waiting?: boolean }): Promise<void>;
  /** Sends the user's changes in order, one pass at a time across this tab (and tabs, with Web Locks). */
  flush(userId: string, send: SendBookmark): Promise<FlushResult>;
  subscribe(listener: () => void): () => void;
  /** Overrides by `overrideKey(userId, eventId)`; a new map after every change. */
  snapshot(): ReadonlyMap<string, BookmarkOverride>;
}

/** A queue kept in its own IndexedDB database, so it survives reloads and restarts. */
export function createBookmarkQueue(store: UseStore = createStore('admit-bookmark-queue', 'pending')): BookmarkQueue {
  let overrides: ReadonlyMap<string, BookmarkOverride> = new Map();
  const listeners = new Set<() => void>();
  let lastChangedAt = 0;
  let running: Promise<FlushResult> | null = null;
  let again = false;

  function setOverrides(update: (draft: Map<string, BookmarkOverride>) => void): void {
    const draft = new Map(overrides);
    update(draft);
    overrides = draft;
    for (const listener of listeners) listener();
  }

  async function pending(userId: string): Promise<PendingBookmark[]> {
    const all = await entries<string, PendingBookmark>(store);
    return all
      .map(([, change]) => change)
      .filter((change) => change.userId === userId)
      .sort(byChangeOrder);
  }

  /** Deletes a change once sent, unless a newer one replaced it meanwhile (that one is sent next). */
  function removeIfUnchanged(change: PendingBookmark): Promise<boolean> {
    const key = overrideKey(change.userId, change.eventId);
    return store(
      'readwrite',
      (objectStore) =>
        new Promise<boolean>((resolve, reject) => {
          let removed = false;
          const transaction = objectStore.transaction;
          transaction.oncomplete = () => resolve(removed);
          transaction.onabort = () => reject(transaction.error);
          const request = objectStore.get(key);
          request.onsuccess = () => {
            if ((request.result as PendingBookmark | undefined)?.changedAt !== change.changedAt) return;
            objectStore.delete(key);
            removed = true;
          };
        }),
    );
  }

  async function flushOnce(userId: string, send: SendBookmark, result: FlushResult): Promise<void> {
    const queue = await pending(userId);
    for (const [index, change] of queue.entries()) {
      const key = overrideKey(userId, change.eventId);
      try {
        await send(change);
      } catch (error) {
        const kind = failureKind(error);
        if (kind === 'rejected') {
          if (await removeIfUnchanged(change)) {
            setOverrides((draft) => {
              if (draft.get(key)?.at === change.changedAt) draft.delete(key);
            });
          }
          result.rejected.push({ change, error });
          continue;
        }
        result.stopped = kind;
        const left = queue.slice(index);
        setOverrides((draft) => {
          for (const waiting of left) {
            const waitingKey = overrideKey(userId, waiting.eventId);
            const current = draft.get(waitingKey);
            if (current?.at === waiting.changedAt) draft.set(waitingKey, { ...current, status: 'waiting' });
          }
        });
        return;
      }
      result.sent.push(change);
      if (await removeIfUnchanged(change)) {
        setOverrides((draft) => {
          if (draft.get(key)?.at === change.changedAt)
            draft.set(key, { bookmarked: change.bookmarked, status: 'synced', at: Date.now() });
        });
      }
    }
  }

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('admit-bookmark-queue', work) : work();
  }

  return {
    async enqueue(change, { waiting = false } = {}) {
      lastChangedAt = Math.max(Date.now(), lastChangedAt + 1);
      const entry: PendingBookmark = { ...change, changedAt: lastChangedAt };
      const key = overrideKey(change.userId, change.eventId);
      // Shown at once; the write below is what makes it survive a reload.
      setOverrides((draft) => {
        draft.set(key, { bookmarked: change.bookmarked, status: waiting ? 'waiting' : 'queued', at: entry.changedAt });
      });
      try {
        await set(key, entry, store);
      } catch (error) {
        setOverrides((draft) => {
          if (draft.get(key)?.at === entry.changedAt) draft.delete(key);
        });
        throw error;
      }
      return entry;
    },

    pending,

    async load(userId, { waiting = true } = {}) {
      const queue = await pending(userId);
      if (queue.length === 0) return;
      lastChangedAt = Math.max(lastChangedAt, ...queue.map((change) => change.changedAt));
      setOverrides((draft) => {
        for (const change of queue) {
          const key = overrideKey(userId, change.eventId);
          const current = draft.get(key);
          // A change made in this tab since is newer than what was stored.
          if (current && current.status !== 'synced' && current.at >= change.changedAt) continue;
          draft.set(key, { bookmarked: change.bookmarked, status: waiting ? 'waiting' : 'queued', at: change.changedAt });
        }
      });
    },

    flush(userId, send) {
      if (running) {
        // A change made during a pass is picked up by one more pass.
        again = true;
        return running;
      }
      const result: FlushResult = { sent: [], rejected: [], stopped: null };
      running = (async () => {
        do {
          again = false;
          await exclusive(() => flushOnce(userId, send, result));
        } while (again && result.stopped === null);
        return result;
      })().finally(() => {
        running = null;
      });
      return running;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    snapshot: () => overrides,
  };
}

let browserQueue: BookmarkQueue | null = null;

/** This tab's queue, made on first use (never during server rendering). */
export function bookmarkQueue(): BookmarkQueue {
  browserQueue ??= createBookmarkQueue();
  return browserQueue;
}

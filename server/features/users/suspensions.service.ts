import type { Db } from '../../db/database.ts';
import { suspendedUserIds } from './users.repository.ts';

/** How long another instance's suspension may take to reach this one. */
const STALE_AFTER_MS = 2_000;

export interface Suspensions {
  /** Whether the account is suspended; read from a set this process refreshes every couple of seconds. */
  isSuspended(userId: string): Promise<boolean>;
  /** Reloads at once: called after this process suspends or reactivates someone. */
  reload(): Promise<void>;
}

/**
 * The suspended accounts, kept in memory so that checking a token costs no query: access tokens are signed and
 * otherwise valid until they expire, so this is what makes a suspension end a session already under way.
 */
export function createSuspensions(db: Db): Suspensions {
  let ids = new Set<string>();
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  const reload = () => {
    loading ??= suspendedUserIds(db)
      .then((list) => {
        ids = new Set(list);
        loadedAt = Date.now();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    async isSuspended(userId) {
      if (Date.now() - loadedAt > STALE_AFTER_MS) await reload();
      return ids.has(userId);
    },
    async reload() {
      if (loading) await loading;
      await reload();
    },
  };
}

import { del, get, set } from 'idb-keyval';

/** Where the anonymous Cognito identity id is kept between visits. */
export interface IdentityCache {
  get(): Promise<string | null>;
  set(identityId: string): Promise<void>;
  clear(): Promise<void>;
}

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
}

export type SimpleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const indexedDbStore: KeyValueStore = { get: (key) => get(key), set: (key, value) => set(key, value), del: (key) => del(key) };

function browserLocalStorage(): SimpleStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied, e.g. storage disabled for the site
  }
}

/**
 * The identity id of one identity pool, in IndexedDB, falling back to local storage where
 * IndexedDB is missing or refuses (private browsing, storage blocked).
 */
export function createIdentityCache(
  identityPoolId: string,
  stores: { indexedDb?: KeyValueStore | null; local?: SimpleStorage | null } = {},
): IdentityCache {
  const key = `admit:cognito-identity:${identityPoolId}`;
  const indexedDb = stores.indexedDb !== undefined ? stores.indexedDb : typeof indexedDB === 'undefined' ? null : indexedDbStore;
  const local = stores.local !== undefined ? stores.local : browserLocalStorage();

  return {
    async get() {
      try {
        const stored = await indexedDb?.get(key);
        if (typeof stored === 'string' && stored) return stored;
      } catch {
        // fall through to local storage
      }
      return local?.getItem(key) || null;
    },
    async set(identityId) {
      try {
        if (indexedDb) {
          await indexedDb.set(key, identityId);
          return;
        }
      } catch {
        // fall through to local storage
      }
      local?.setItem(key, identityId);
    },
    async clear() {
      await indexedDb?.del(key).catch(() => undefined);
      local?.removeItem(key);
    },
  };
}

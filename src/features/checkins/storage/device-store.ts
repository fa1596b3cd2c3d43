import { type DoorDb, request } from './door-db.ts';

/**
 * The access token the service worker may upload queued scans with while no page is open
 * (Background Sync). Only a token that is still valid is used; the worker never renews sessions.
 */
export interface UploadCredentials {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
  apiBase: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export interface DeviceStore {
  /** This device's id: made once, kept until the door data is cleared. */
  deviceId(): Promise<string>;
  saveCredentials(credentials: UploadCredentials): Promise<void>;
  credentials(): Promise<UploadCredentials | undefined>;
  /** The session ended: the worker must not upload with its token any more. */
  forgetCredentials(): Promise<void>;
}

export function createDeviceStore(db: DoorDb): DeviceStore {
  let id: Promise<string> | null = null;
  return {
    deviceId() {
      id ??= db
        .run('device', 'readwrite', async (tx) => {
          const store = tx.objectStore('device');
          const existing = await request<string | undefined>(store.get('deviceId'));
          if (existing) return existing;
          const made = base64url(crypto.getRandomValues(new Uint8Array(16)));
          store.put(made, 'deviceId');
          return made;
        })
        .catch((error: unknown) => {
          id = null;
          throw error;
        });
      return id;
    },
    saveCredentials: (credentials) =>
      db.run('device', 'readwrite', (tx) => void tx.objectStore('device').put(credentials, 'upload')),
    credentials: () =>
      db.run('device', 'readonly', (tx) => request<UploadCredentials | undefined>(tx.objectStore('device').get('upload'))),
    forgetCredentials: () => db.run('device', 'readwrite', (tx) => void tx.objectStore('device').delete('upload')),
  };
}

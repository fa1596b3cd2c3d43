import { apiBase } from '#lib/api-base.ts';
import { readSessionCookies } from '#lib/session/cookies.ts';
import { browserDoorApi } from '../api/browser-door-api.ts';
import { DoorEngine } from '../engine/door-engine.ts';
import { doorUploadTag } from '../storage/background-upload.ts';
import { createDeviceStore } from '../storage/device-store.ts';
import { doorDb } from '../storage/door-db.ts';
import { createEventStore } from '../storage/event-store.ts';
import { createScanStore } from '../storage/scan-store.ts';
import { lastDoorEvent } from '../utils/last-event.ts';

let stores: ReturnType<typeof makeStores> | null = null;
function makeStores() {
  const db = doorDb();
  return { db, events: createEventStore(db), scans: createScanStore(db), device: createDeviceStore(db) };
}

/** This device's door stores (IndexedDB), made on first use in the browser. */
export function doorStores() {
  stores ??= makeStores();
  return stores;
}

/** Lets the service worker upload with the current token while no page is open (it never renews one). */
export async function shareUploadCredentials(): Promise<void> {
  const { accessToken, tokenExpiry } = readSessionCookies();
  if (!accessToken || !tokenExpiry) return;
  await doorStores().device.saveCredentials({ token: accessToken, expiresAt: tokenExpiry, apiBase: apiBase() });
}

/** Asks the service worker to upload when the connection returns, where Background Sync exists. */
export function requestBackgroundUpload(): void {
  if (!('serviceWorker' in navigator)) return;
  void shareUploadCredentials().catch(() => undefined);
  navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(
        doorUploadTag,
      ),
    )
    .catch(() => undefined);
}

const engines = new Map<string, Promise<DoorEngine | null>>();
/** The engines whose opening has finished, to render a screen with its engine at once. */
const opened = new Map<string, DoorEngine>();

/** The door engine of an event prepared on this device; one per tab, shared by the scan and search screens. */
export function openDoorEngine(eventId: string, userId: string | null): Promise<DoorEngine | null> {
  let engine = engines.get(eventId);
  if (!engine) {
    const { events, scans, device } = doorStores();
    engine = DoorEngine.open(eventId, {
      api: browserDoorApi,
      events,
      scans,
      device,
      userId,
      online: navigator.onLine,
      requestBackgroundUpload,
      beforeUpload: shareUploadCredentials,
    }).then((engine) => {
      if (engine) opened.set(eventId, engine);
      else engines.delete(eventId);
      return engine;
    });
    engine.catch(() => engines.delete(eventId));
    engines.set(eventId, engine);
  }
  return engine;
}

/** The event's engine if it has already been opened in this tab, else null. */
export function openedDoorEngine(eventId: string | null): DoorEngine | null {
  return (eventId && opened.get(eventId)) || null;
}

/** How long a door page waits for the device's scan data before it is drawn with "Opening the scanner…" instead. */
export const doorEngineWaitMs = 400;

/**
 * Opens the door engine of the event a door page's address names (or this device's last event) before the page is
 * drawn, so its first render is the scanner itself; resolves once it is open, or after `doorEngineWaitMs` when the
 * device is slow to read. Browser only: resolves at once on the server.
 */
export function warmDoorEngine(address: string, userId: string | null): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  const eventId = new URL(address).searchParams.get('event') ?? lastDoorEvent();
  if (!eventId) return Promise.resolve();
  const opening = openDoorEngine(eventId, userId).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([opening, new Promise<void>((done) => setTimeout(done, doorEngineWaitMs))]);
}

/** Forgets a loaded engine, e.g. after the event's data was downloaded again. */
export function closeDoorEngine(eventId: string): void {
  engines.delete(eventId);
  opened.delete(eventId);
}

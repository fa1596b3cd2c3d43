/**
 * What this browser holds of the app for offline use, as the service worker tells it: whether a worker
 * controls the page, and how many of this build's files it has stored (docs/decisions/025-app-shell.md).
 */

import type { OfflineStatus } from './offline-status.ts';
import { offlineStatusMessage } from './offline-status.ts';

export type { OfflineStatus };

export type WorkerState = ServiceWorkerState;

export type OfflineApp =
  /** No service worker in this browser (or not in a secure context): the app cannot open offline. */
  | { support: 'unsupported' }
  /** A development build registers no worker. */
  | { support: 'development' }
  | {
      support: 'worker';
      /** A worker controls this page: its requests (and an offline reload) go through it. */
      controlled: boolean;
      /** The state of the worker asked (the controller, else the newest of the registration), null before one registers. */
      worker: WorkerState | null;
      /** What that worker says it holds; null before it answered. */
      status: OfflineStatus | null;
    };

const answerMs = 2000;

function isOfflineStatus(value: unknown): value is OfflineStatus {
  const status = value as Partial<OfflineStatus> | null;
  return typeof status?.total === 'number' && typeof status.cached === 'number' && typeof status.shell === 'boolean';
}

/** Asks one worker what it holds; null when it does not answer in time (an earlier build that cannot tell). */
export function askOfflineStatus(worker: ServiceWorker, timeoutMs = answerMs): Promise<OfflineStatus | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(isOfflineStatus(event.data) ? event.data : null);
    };
    try {
      worker.postMessage({ type: offlineStatusMessage }, [channel.port2]);
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext !== false;
}

/**
 * The worker whose store answers for this page: the controller (it serves the page offline); before one
 * controls it, the registration's newest worker, so an installing one reports its progress.
 */
export function workerToAsk(registration: ServiceWorkerRegistration | undefined): ServiceWorker | null {
  return navigator.serviceWorker.controller ?? registration?.active ?? registration?.waiting ?? registration?.installing ?? null;
}

/** Reads the state of the app on this device once. */
export async function readOfflineApp(): Promise<OfflineApp> {
  if (!import.meta.env.PROD) return { support: 'development' };
  if (!serviceWorkerSupported()) return { support: 'unsupported' };
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const worker = workerToAsk(registration);
  const status = worker ? await askOfflineStatus(worker) : null;
  return {
    support: 'worker',
    controlled: navigator.serviceWorker.controller !== null,
    worker: worker?.state ?? null,
    status,
  };
}

/** Asks the browser not to evict this site's storage (the door's tickets, the app) under storage pressure. */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** The app opens from this device without a connection: a worker controls the page and holds every file of it. */
export function appReadyOffline(app: OfflineApp): boolean {
  return app.support === 'worker' && app.controlled && app.status?.shell === true && app.status.cached === app.status.total;
}

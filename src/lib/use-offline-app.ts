import { useEffect, useState } from 'react';
import { appReadyOffline, type OfflineApp, readOfflineApp, serviceWorkerSupported } from './offline-app.ts';

/** While the app is not yet ready offline, the worker is asked this often (it reports its install progress). */
const pollMs = 1000;

/**
 * What this device holds of the app for offline use, kept current: asked again when a worker takes control,
 * when a new worker is found or changes state, and every second until the app is ready offline. Null until
 * first read (and during server rendering).
 */
export function useOfflineApp(): OfflineApp | null {
  const [app, setApp] = useState<OfflineApp | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let again = false;
    const watched = new Set<ServiceWorker>();
    const registrations = new Set<ServiceWorkerRegistration>();

    const refresh = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      clearTimeout(timer);
      try {
        const next = await readOfflineApp();
        if (stopped) return;
        setApp(next);
        if (next.support === 'worker') await watch();
        if (next.support === 'worker' && !appReadyOffline(next)) timer = setTimeout(() => void refresh(), pollMs);
      } finally {
        reading = false;
        if (again && !stopped) {
          again = false;
          void refresh();
        }
      }
    };
    const onChange = () => void refresh();

    // Every worker of the registration reports its state changes (installing → installed → activated).
    const watch = async () => {
      const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
      if (!registration || stopped) return;
      if (!registrations.has(registration)) {
        registrations.add(registration);
        registration.addEventListener('updatefound', onChange);
      }
      for (const worker of [registration.installing, registration.waiting, registration.active]) {
        if (worker && !watched.has(worker)) {
          watched.add(worker);
          worker.addEventListener('statechange', onChange);
        }
      }
    };

    if (serviceWorkerSupported()) navigator.serviceWorker.addEventListener('controllerchange', onChange);
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (serviceWorkerSupported()) navigator.serviceWorker.removeEventListener('controllerchange', onChange);
      for (const registration of registrations) registration.removeEventListener('updatefound', onChange);
      for (const worker of watched) worker.removeEventListener('statechange', onChange);
    };
  }, []);
  return app;
}

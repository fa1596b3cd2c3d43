import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';
import { importWhenOnline } from './import-when-online.ts';
import type { ToastKind } from './toast-layer.tsx';

// The toasts' code (the library, the product's settings, the placement under the header) and styles are fetched once
// the page is idle; the styles apply and the container mounts only with the first toast. A page starts without any of
// it: a visitor who raises no toast never runs it. The styles are a fifth of the app's CSS: applied to a page, they
// make the browser restyle all of it, on a phone a task as long as hydrating, for rules nothing uses until a toast is
// shown. Toasts raised earlier wait for them.
const loadLayer = () => import('./toast-layer.tsx');
const loadWithStyles = () => loadLayer().then((layer) => layer.applyStyles().then(() => layer));

/** Fetched while idle, applied with the first toast: a toast on a connection lost since still finds its styles. */
const fetchAhead = () => loadLayer().then((layer) => layer.holdStyles());

/** Mounts the container now: the first toast of this page. */
let mountNow: (() => void) | null = null;
let toastRaised = false;

/**
 * Mounted once by the app shell, in the browser only. The toasts' code and styles are fetched once the browser is
 * idle after the page became interactive; the styles apply and the container mounts with the first toast. Both are fetched
 * like background work: when the connection drops before they arrive, the page stays as it is (no error reaches the
 * app shell, which has no error boundary above it) and they are fetched again once back online.
 */
export function Toasts() {
  const [Layer, setLayer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let stopLoading: (() => void) | undefined;
    let stopFetching: (() => void) | undefined;
    const mount = () => {
      stopLoading ??= importWhenOnline(loadWithStyles, (layer) => setLayer(() => layer.ToastLayer));
    };
    if (toastRaised) {
      mount();
      return () => stopLoading?.();
    }
    mountNow = mount;
    const ahead = () => {
      stopFetching = importWhenOnline(fetchAhead, () => undefined);
    };
    const idle = window.requestIdleCallback?.(ahead, { timeout: 3_000 });
    const timer = idle === undefined ? window.setTimeout(ahead, 200) : undefined;
    return () => {
      mountNow = null;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
      stopFetching?.();
      stopLoading?.();
    };
  }, []);
  return Layer ? <Layer /> : null;
}

function show(kind: ToastKind, content: ReactNode, options?: ToastOptions): void {
  toastRaised = true;
  mountNow?.();
  // Without the toasts' code (no connection yet on a first visit) the toast is not shown; the page goes on.
  loadWithStyles().then(
    (layer) => layer.showToast(kind, content, options),
    (error: unknown) => console.warn('A toast could not be shown', error),
  );
}

export const toast = {
  default: (content: ReactNode, options?: ToastOptions) => show('default', content, options),
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
  warning: (content: ReactNode, options?: ToastOptions) => show('warning', content, options),
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
  dismiss: (id: string) =>
    void loadLayer().then(
      (layer) => layer.dismissToast(id),
      () => undefined,
    ),
};

import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import toastStyles from 'react-toastify/ReactToastify.css?url';
import type { ToastContainerProps, ToastOptions } from 'react-toastify/unstyled';
import { importWhenOnline } from './import-when-online.ts';
import { holdStylesheet, loadStylesheet } from './stylesheet.ts';
import { followHeader, placeToasts } from './toast-placement.ts';

type ToastKind = 'success' | 'default' | 'info' | 'warning' | 'error';

const icons: Record<ToastKind, { glyph: string; label: string }> = {
  success: { glyph: '✓', label: 'Success' },
  default: { glyph: '•', label: 'Notice' },
  info: { glyph: 'i', label: 'Information' },
  warning: { glyph: '!', label: 'Warning' },
  error: { glyph: '✕', label: 'Error' },
};

function ToastIcon({ type }: { type: ToastKind }) {
  const icon = icons[type] ?? icons.default;
  return (
    <span className={`admit-toast-icon admit-toast-icon--${type}`} role="img" aria-label={icon.label}>
      {icon.glyph}
    </span>
  );
}

/** The product's toast configuration: top centre, 3 s, one at a time, no progress bar, a close button. */
export const toastSettings = {
  position: 'top-center',
  autoClose: 3000,
  limit: 1,
  hideProgressBar: true,
  closeButton: true,
  icon: ({ type }) => <ToastIcon type={type as ToastKind} />,
} satisfies ToastContainerProps;

// The toast library's code and styles are fetched once the page is idle; the styles apply and the container mounts
// only with the first toast. The styles are a fifth of the app's CSS: applied to a page, they make the browser restyle
// all of it, on a phone a task as long as hydrating, for rules nothing uses until a toast is shown. Toasts raised
// earlier wait for them.
const loadLibrary = () => import('react-toastify/unstyled');
const loadToastify = () => Promise.all([loadLibrary(), loadStylesheet(toastStyles)]).then(([library]) => library);

/** Fetched while idle, applied with the first toast: a toast on a connection lost since still finds its styles. */
const fetchAhead = () => Promise.all([loadLibrary(), holdStylesheet(toastStyles)]);

/** Mounts the container now: the first toast of this page. */
let mountNow: (() => void) | null = null;
let toastRaised = false;

/**
 * Mounted once by the app shell, in the browser only. The library's code and styles are fetched once the browser is
 * idle after the page became interactive; the styles apply and the container mounts with the first toast. Both are fetched
 * like background work: when the connection drops before they arrive, the page stays as it is (no error reaches the
 * app shell, which has no error boundary above it) and they are fetched again once back online.
 */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  // Toasts sit under the header: followed only once there are toasts, as it moves the whole page's style.
  useEffect(() => (Container ? followHeader() : undefined), [Container]);
  useEffect(() => {
    let stopLoading: (() => void) | undefined;
    let stopFetching: (() => void) | undefined;
    const mount = () => {
      stopLoading ??= importWhenOnline(loadToastify, (library) => setContainer(() => library.ToastContainer));
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
  return Container ? <Container {...toastSettings} /> : null;
}

function show(kind: ToastKind, content: ReactNode, options?: ToastOptions): void {
  toastRaised = true;
  // The page may have changed since the last scroll: another page's header, or none.
  if (typeof document !== 'undefined') placeToasts();
  mountNow?.();
  // Without the library (no connection yet on a first visit) the toast is not shown; the page goes on.
  loadToastify().then(
    ({ toast: library }) => (kind === 'default' ? library(content, options) : library[kind](content, options)),
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
    void loadToastify().then(
      ({ toast: library }) => library.dismiss(id),
      () => undefined,
    ),
};

import { isApiClientError } from '../api-failure.ts';
import { isChunkLoadError } from '../chunk-reload.ts';
import { isObject, reportClientError } from './report-error.ts';

/**
 * Errors outside rendering: thrown in an event handler or a timer (`error`), or a promise nobody waited for
 * (`unhandledrejection`). Loaded once the page is idle after hydrating (decision 050); the entry keeps what was
 * raised before that, and it is handled here first.
 */
export type EarlyError = ErrorEvent | PromiseRejectionEvent;

/** Chromium skips a view transition whose viewport changed mid-way (a phone's address bar, a rotation). */
export function isAbortedViewTransition(error: unknown): boolean {
  return (
    isObject(error) &&
    'name' in error &&
    (error.name === 'InvalidStateError' || error.name === 'AbortError') &&
    'message' in error &&
    /transition was (aborted|skipped)/i.test(String(error.message))
  );
}

/**
 * Whether an error is only noise, logged and never reported: the browser's own notes (ResizeObserver loops,
 * aborted view transitions, requests and shares the person cancelled), failed API calls (the HTTP client already
 * showed the server's message), scripts of other sites (extensions) and anything while the device is offline (a
 * chunk or a call that could not be fetched; the page says it is offline).
 */
export function isBenign(error: unknown, event?: { message?: string; filename?: string }): boolean {
  const message = event?.message ?? (isObject(error) && 'message' in error ? String(error.message) : String(error));
  if (/^ResizeObserver loop/.test(message) || /^Script error\.?$/.test(message)) return true;
  if (isAbortedViewTransition(error)) return true;
  if (isObject(error) && 'name' in error && error.name === 'AbortError') return true;
  if (isApiClientError(error)) return true;
  if (event?.filename && !event.filename.startsWith(window.location.origin)) return true;
  return navigator.onLine === false && (isChunkLoadError(error) || /^(Failed to fetch|NetworkError|Load failed)/.test(message));
}

/** Handles one error event: benign ones are a console warning; the others are logged and reported. */
export function handleErrorEvent(event: EarlyError, { early = false } = {}): void {
  const error = 'reason' in event ? event.reason : (event.error ?? event.message);
  const kind = 'reason' in event ? 'unhandledrejection' : 'error';
  const details = 'reason' in event ? undefined : { message: event.message, filename: event.filename };
  // The browser's own console line is replaced by ours (an event already raised has had its line).
  if (!early) event.preventDefault();
  if (isBenign(error, details)) {
    console.warn('Admit ignored a harmless browser error', error);
    return;
  }
  // An error in a handler or a background task leaves the page usable: it is reported, and the page stays as it is
  // (replacing it would lose what the person typed). Errors that leave the app unusable are the entry's.
  reportClientError(error, { kind, fatal: false });
}

/**
 * The router starts view transitions and rethrows a skipped one's rejection nobody handles; the transition's
 * `ready` answers instead with a promise that settles quietly for that case.
 */
export function settleAbortedViewTransitions(target: Document = document): void {
  const start = target.startViewTransition?.bind(target);
  if (!start) return;
  target.startViewTransition = ((...args: Parameters<Document['startViewTransition']>) => {
    const transition = start(...args);
    const ready = transition.ready.catch((reason: unknown) => {
      if (!isAbortedViewTransition(reason)) throw reason;
    });
    Object.defineProperty(transition, 'ready', { value: ready });
    return transition;
  }) as Document['startViewTransition'];
}

/** Listens from now on, after handling what the entry kept. Returns a function that stops listening. */
export function installErrorListeners(early: readonly EarlyError[] = []): () => void {
  settleAbortedViewTransitions();
  for (const event of early) handleErrorEvent(event, { early: true });
  const onEvent = (event: EarlyError) => handleErrorEvent(event);
  window.addEventListener('error', onEvent);
  window.addEventListener('unhandledrejection', onEvent);
  return () => {
    window.removeEventListener('error', onEvent);
    window.removeEventListener('unhandledrejection', onEvent);
  };
}

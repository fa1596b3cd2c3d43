import { createRoot } from 'react-dom/client';
import { isChunkLoadError, reloadOnceForChunkError } from '../../lib/chunk-reload.ts';
import { type EarlyError, installErrorListeners } from '../../lib/errors/error-listeners.ts';
import { reportClientError } from '../../lib/errors/report-error.ts';
import FatalErrorPage from './fatal-error-page.tsx';

/**
 * What the entry loads for errors (decision 050), in one chunk off the critical path: the listeners for errors
 * outside rendering once the page is idle, and the full-page error when the app is unusable.
 */
export function startErrorReporting(early: readonly EarlyError[]): void {
  installErrorListeners(early);
}

/**
 * The app could not start on a page the server rendered: the page stays, readable and with its links working
 * without scripts (spec §8: logged and stored as the payload error); the failure is reported, and page code that
 * could not be fetched gets the spec's one reload.
 */
export function reportStartFailure(error: unknown): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (isChunkLoadError(error) && reloadOnceForChunkError(here)) return;
  reportClientError(error, { kind: 'mount', fatal: false });
}

/**
 * The app could not start, or an error escaped every boundary and React let go of the page: page code that could
 * not be fetched gets the spec's one reload first; otherwise the full-page error replaces whatever is left (it
 * logs and reports the error itself).
 */
export function showFatalPage(error: unknown, kind: 'mount' | 'render'): void {
  const here = `${window.location.pathname}${window.location.search}`;
  if (isChunkLoadError(error) && reloadOnceForChunkError(`${here}${window.location.hash}`)) return;
  const root = document.documentElement ?? document.appendChild(document.createElement('html'));
  const body = document.body ?? root.appendChild(document.createElement('body'));
  // The server's stylesheets, in case they went with the page.
  if (!document.querySelector('link[rel="stylesheet"], style')) {
    for (const href of window.__ADMIT__?.assets.css ?? []) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head?.append(link);
    }
  }
  const container = document.createElement('div');
  body.replaceChildren(container);
  createRoot(container).render(<FatalErrorPage error={error} path={here} kind={kind} />);
}

import { createRoot } from 'react-dom/client';
import { reportClientError } from '../../lib/errors/report-error.ts';
import FatalErrorPage from './fatal-error-page.tsx';

/**
 * The app could not start, or an error escaped every boundary and React let go of the page (decision 050): the
 * full-page error replaces whatever is left, reported like any other. Loaded only then.
 */
export function showFatalPage(error: unknown, kind: 'mount' | 'render'): void {
  reportClientError(error, { kind, fatal: true });
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
  createRoot(container).render(<FatalErrorPage error={error} path={`${window.location.pathname}${window.location.search}`} />);
}

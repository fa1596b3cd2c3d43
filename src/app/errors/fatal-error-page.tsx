import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { isUnanswered } from '../../lib/api-failure.ts';
import { isChunkLoadError } from '../../lib/chunk-reload.ts';
import { reportClientError } from '../../lib/errors/report-error.ts';

interface Explanation {
  title: string;
  body: string;
}

/** A call that got no answer at all (the HTTP client's error without a response), or a browser that says it is offline. */
function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return isUnanswered(error);
}

function explain(error: unknown): Explanation {
  if (isOffline(error)) {
    return {
      title: 'You’re offline',
      body: 'This page needs a connection. Your tickets and the door scanner work without one. Try again when you are back online.',
    };
  }
  if (isChunkLoadError(error)) {
    return {
      title: 'This page could not be loaded',
      body: 'Part of Admit could not be downloaded, perhaps because of a weak connection or because a new version was just released. Check your connection and try again.',
    };
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return { title: 'Admit is briefly unavailable', body: 'Please try again in a moment.' };
  }
  return {
    title: 'Something went wrong',
    body: 'An unexpected error stopped this page. It has been noted; please try again. If it keeps happening, contact us through the help desk.',
  };
}

/**
 * The full-page error, in its own chunk: shown for fatal errors, never with internals. `path` is the page to try
 * again (path and query): the router's, or the address bar's when the app could not start.
 */
export default function FatalErrorPage({
  error,
  path,
  kind = 'render',
}: {
  error: unknown;
  path: string;
  kind?: 'mount' | 'render';
}) {
  const { title, body } = explain(error);
  const offline = isOffline(error);
  // Logged with the page and a request id and sent to the server's log (decision 050): "it has been noted" is true.
  useEffect(() => reportClientError(error, { kind, fatal: true }), [error, kind]);
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-slate-50 p-6">
      <title>{`${title} · Admit`}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="fatal-error">
        <h1 className="font-bold text-2xl text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{body}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={path} className={buttonClass('primary', 'small')}>
            Try again
          </a>
          <a href="/" className={buttonClass('secondary', 'small')}>
            Home page
          </a>
          {offline ? (
            <a href="/account/bookings" className={buttonClass('secondary', 'small')}>
              My tickets
            </a>
          ) : null}
        </div>
      </div>
    </main>
  );
}

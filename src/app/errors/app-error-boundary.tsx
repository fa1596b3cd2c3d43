import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkError } from '../../lib/chunk-reload.ts';

const FatalErrorPage = lazy(() => import('./fatal-error-page.tsx'));

/** The root error element: first tries one reload for missing page code, then shows the full-page error (which reports it). */
export function AppErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);

  useEffect(() => {
    if (!chunkError) return;
    const href = `${location.pathname}${location.search}${location.hash}`;
    if (!reloadOnceForChunkError(href)) setReloading(false);
  }, [chunkError, location]);

  if (reloading) return <FallbackMessage text="Loading the latest version of Admit…" />;
  return (
    <Suspense fallback={<FallbackMessage text="Something went wrong." />}>
      <FatalErrorPage error={error} path={`${location.pathname}${location.search}`} />
    </Suspense>
  );
}

function FallbackMessage({ text }: { text: string }) {
  return (
    <div role="status" className="grid min-h-dvh place-items-center p-6 text-center text-slate-700">
      {text}
    </div>
  );
}

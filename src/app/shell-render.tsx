import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';

/** Resolves once the router's first loaders are done (at once when they were). */
function initialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((done) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}

/**
 * Renders the page in the browser (decision 025): there is no server HTML to hydrate, only the shell's document,
 * whose placeholder stays on screen until the route's loaders are done; then the page is drawn once.
 */
export async function renderShell(router: DataRouter, app: ReactNode): Promise<void> {
  await initialized(router);
  createRoot(document).render(app);
}

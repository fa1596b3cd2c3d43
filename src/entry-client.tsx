import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppShell } from './app/app-shell.tsx';
import { createRoutes } from './app/routes.tsx';
import { resolveServerMatches, routerStart } from './app/server-matches.ts';
import { ApiCallerProvider, browserApiCaller } from './lib/api-caller.tsx';
import { payloadErrorGlobal } from './lib/boot-state.ts';
import { keepEarlyErrors } from './lib/errors/early-errors.ts';
import { setHydrating } from './lib/hydration.ts';
import { importWhenOnline } from './lib/import-when-online.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createSessionStore } from './lib/session/session-store.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import './styles/app.css';

// Errors outside rendering are reported by listeners loaded once the page is idle; until then they are kept.
const earlyErrors = keepEarlyErrors();
const errorReporting = () => import('./app/errors/error-reporting.tsx');
/** A failure that leaves the app unusable: the full-page error, loaded only now (decision 050). */
const fail = (error: unknown, kind: 'mount' | 'render') =>
  errorReporting().then(
    (module) => module.showFatalPage(error, kind),
    () => undefined,
  );

async function mount(): Promise<void> {
  const state = window.__ADMIT__;
  if (!state) throw new Error('The page is missing its boot state.');
  const queryClient = createQueryClient();
  if (state.dehydrated) hydrate(queryClient, state.dehydrated);
  const session = createSessionStore();
  session.refreshFromCookies();
  const routes = createRoutes({
    queryClient,
    api: browserApiCaller,
    session: () => {
      session.refreshFromCookies();
      return session.get();
    },
  });
  const persistence = () =>
    import('./lib/query-persistence.ts').then(({ startQueryPersistence }) =>
      startQueryPersistence(queryClient, __ADMIT_BUILD_ID__),
    );
  // Rendered in the browser from the shell, the page reads the device at once (the door's IndexedDB, the kept
  // tickets); the kept queries (the account, the organisation) are restored beside it and fill in as they come.
  const restored = state.shell ? persistence() : null;
  // The shell has no server render to match: the router loads the page's code and runs its loaders itself.
  if (!state.shell) await resolveServerMatches(routes, state.routeIds ?? []);
  // Start-up is split where it has seams (the page's code evaluated, the router built, hydration begun): on a
  // phone each part is a short task, and a tap in between is answered rather than kept waiting for all of them.
  await yieldToBrowser();
  // The router starts with the branch the server rendered and learns the rest of the table on the first navigation
  // that needs it (decision 078).
  const start = routerStart(routes, state.shell ? [] : (state.routeIds ?? []));
  const router = createBrowserRouter(start.routes, { patchRoutesOnNavigation: start.patchRoutesOnNavigation });
  const shell = state.shell ? await import('./app/shell-render.tsx') : null;
  // Spec §2: on every route change the auth state is initialised from the cookies.
  router.subscribe(() => session.refreshFromCookies());
  const app = () => (
    <StrictMode>
      <AppShell state={state} queryClient={queryClient} session={session}>
        <ApiCallerProvider api={browserApiCaller}>
          <RouterProvider router={router} />
        </ApiCallerProvider>
      </AppShell>
    </StrictMode>
  );
  if (shell) {
    // The app shell has no page in it: the browser renders this address's page from what the device holds, once its
    // loaders are done (the door's scan data read from the device), so the first render is the page itself.
    await shell.renderShell(router, app());
  } else {
    await yieldToBrowser();
    // Hydrating as a transition lets React yield to the browser between components instead of one long task;
    // a click on a part not hydrated yet makes React hydrate that part at once.
    setHydrating(true);
    startTransition(() => {
      hydrateRoot(document, app(), { onUncaughtError: (error) => void fail(error, 'render') });
    });
  }
  // Offline cache and service worker are not needed to interact, so they load after, each in an idle period of its
  // own: together they were one task as long as hydrating.
  const afterInteractive = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  if (!restored) afterInteractive(() => void persistence());
  afterInteractive(() => void import('./lib/service-worker.tsx').then(({ registerServiceWorker }) => registerServiceWorker()));
  afterInteractive(() => importWhenOnline(errorReporting, (module) => module.startErrorReporting(earlyErrors())));
}

mount().catch((error: unknown) => {
  console.error('Admit could not start', error);
  window[payloadErrorGlobal] = error;
  // The app shell has no page of its own: without the app it is blank, so the full-page error takes its place. A page
  // the server rendered stays as it is, readable, and the failure is reported.
  if (window.__ADMIT__?.shell) void fail(error, 'mount');
  else
    void errorReporting().then(
      (module) => module.reportStartFailure(error),
      () => undefined,
    );
});

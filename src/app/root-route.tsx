import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { setHydrating } from '../lib/hydration.ts';
import { useRouteSession } from '../lib/session/session-context.tsx';
import { beforeSignOut } from '../lib/session/sign-out-steps.ts';
import { ExternalLinkGuard } from './external-link-guard.tsx';
import { layouts } from './layouts/layout-registry.tsx';
import { pickLayout } from './route-handle.ts';

// Door scans waiting on this device are uploaded before signing out, or the person confirms losing them.
beforeSignOut(async () => (await import('../features/door/device/door-sign-out.ts')).prepareDoorSignOut());

// Sends bookmarks made offline from any page; loaded after the page is interactive, off the critical path.
const BookmarkSync = lazy(async () => ({
  default: (await import('../features/bookmarks/components/bookmark-sync.tsx')).BookmarkSync,
}));

/**
 * Mounts the bookmark sync once the page is hydrated, for a signed-in visitor only (a visitor has no
 * bookmarks to send); its own state, so only it renders again then.
 */
function BookmarkSyncAfterHydration() {
  const { signedIn } = useRouteSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated && signedIn ? (
    <Suspense fallback={null}>
      <BookmarkSync />
    </Suspense>
  ) : null;
}

/** Frames every page in the layout its route metadata names. */
export function RootRoute() {
  const Layout = layouts[pickLayout(useMatches())];
  useEffect(() => {
    // Lets people and tests tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = 'true';
    setHydrating(false);
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ExternalLinkGuard />
      <BookmarkSyncAfterHydration />
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}

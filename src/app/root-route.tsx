import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { setHydrating } from '../lib/hydration.ts';
import { importWhenOnline } from '../lib/import-when-online.ts';
import { onForgetUser } from '../lib/session/forget-user.ts';
import { useRouteSession } from '../lib/session/session-context.tsx';
import { beforeSignOut } from '../lib/session/sign-out-steps.ts';
import { ExternalLinkGuard } from './external-link-guard.tsx';
import { layoutFor } from './layouts/layout-registry.tsx';
import { pickLayout } from './route-handle.ts';
import { WholeStylesheet } from './whole-stylesheet.tsx';

// Door scans waiting on this device are uploaded before signing out, or the person confirms losing them.
beforeSignOut(async () => (await import('../features/checkins/device/door-sign-out.ts')).prepareDoorSignOut());
// A session that ends without a sign-out (a 401) leaves no attendee data on the device; queued scans stay.
const doorSession = () => import('../features/checkins/device/door-session.ts');
onForgetUser(async () => (await doorSession()).forgetDoorData());
// The tickets kept for My tickets offline go with the session, whoever's they were.
onForgetUser(async () => (await import('../features/orders/storage/ticket-store.ts')).forgetSavedTickets());

/**
 * For a signed-in visitor (a visitor has no bookmarks to send): loads, once the page is hydrated, the sync that
 * sends bookmarks made offline from any page, and sends door scans an earlier session left queued. Both are
 * background work: when their code cannot be fetched (the connection dropped as the page started), the page
 * stays as it is and they load when the connection returns.
 */
function BackgroundSync() {
  const { signedIn } = useRouteSession();
  const [BookmarkSync, setBookmarkSync] = useState<(() => null) | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const stopBookmarks = importWhenOnline(
      () => import('../features/bookmarks/components/bookmark-sync.tsx'),
      (module) => startTransition(() => setBookmarkSync(() => module.BookmarkSync)),
    );
    // Door scans an earlier session left queued go up with this one (the server decides whether it may).
    const stopDoor =
      'indexedDB' in window
        ? importWhenOnline(doorSession, (door) => void door.uploadLeftoverScans().catch(() => undefined))
        : undefined;
    return () => {
      stopBookmarks();
      stopDoor?.();
    };
  }, [signedIn]);
  return signedIn && BookmarkSync ? <BookmarkSync /> : null;
}

// Loaded only while an administrator acts as a user for support (decision 033).
const ActingBanner = lazy(async () => ({
  default: (await import('../features/admin/components/acting-banner.tsx')).ActingBanner,
}));

/** Frames every page in the layout its route metadata names. */
export function RootRoute() {
  const Layout = layoutFor(pickLayout(useMatches()));
  const { acting } = useRouteSession();
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
      {acting ? (
        <Suspense fallback={null}>
          <ActingBanner />
        </Suspense>
      ) : null}
      {/*
        A page the app moves to starts at its top (or at the element its address's hash names), as a page the browser
        loads does; Back and Forward return to where the reader was. Without it the window kept the last page's
        scroll: a link from far down the development mailbox opened the confirmation page scrolled past its form.
        A navigation that only changes what one page shows (filters, an order opened beside its list) passes
        `preventScrollReset`.
      */}
      <ScrollRestoration />
      <WholeStylesheet />
      <ExternalLinkGuard />
      <BackgroundSync />
      <Layout>
        <Outlet />
      </Layout>
    </>
  );
}

import type { RouteObject } from 'react-router';
import { AppErrorBoundary } from './errors/app-error-boundary.tsx';
import { NotFound } from './errors/not-found.tsx';
import { RouteError } from './errors/route-error.tsx';
import { guarded } from './guards.ts';
import { lazyPage, pageModulePath } from './lazy-page.ts';
import { notFound } from './not-found-response.ts';
import { RootRoute } from './root-route.tsx';
import type { RouteContext } from './route-context.ts';
import type { RouteHandle } from './route-handle.ts';

/** A page route: its own lazy chunk (with a loader made for this context), layout and guards in `handle`. */
function pageFactory(context: RouteContext) {
  return (path: string | undefined, module: string, handle: RouteHandle = {}): RouteObject => {
    const route = {
      id: module,
      lazy: lazyPage(module, context, handle.layout),
      handle: { ...handle, module: pageModulePath(module) },
      errorElement: <RouteError />,
    };
    return path === undefined ? ({ ...route, index: true } as RouteObject) : { ...route, path };
  };
}

const notFoundLoader = () => {
  throw notFound();
};

export function createRoutes(context: RouteContext): RouteObject[] {
  const { session } = context;
  const page = pageFactory(context);
  return [
    {
      id: 'root',
      path: '/',
      element: <RootRoute />,
      errorElement: <AppErrorBoundary />,
      children: [
        page(undefined, 'home', { layout: 'home' }),
        page('about-us', 'about-us'),
        page('terms', 'terms', { layout: 'auth' }),
        page('policy', 'policy-index', { layout: 'auth' }),
        page('policy/:slug', 'policy', { layout: 'auth' }),
        page('sign-up', 'sign-up', { layout: 'auth' }),
        page('user-type', 'user-type', { layout: 'auth' }),
        page('verify-email', 'verify-email', { layout: 'auth' }),
        page('verify-cognito', 'verify-cognito', { layout: 'auth' }),
        page('account-verification', 'account-verification', { layout: 'auth' }),
        page('sign-in', 'sign-in', { layout: 'auth' }),
        page('invitations/:token', 'invitation', { layout: 'auth' }),
        page('dev/mailbox', 'dev-mailbox'),
        page('events/:category?', 'catalogue'),
        page('event/:eventId', 'event'),
        page('organisation-view/:orgId', 'organisation-view'),
        page('pay/sandbox/:sessionId', 'pay-sandbox', { layout: 'auth' }),
        page('payment-success', 'payment-success', { layout: 'home' }),
        page('payment/order-success', 'payment-order-success'),
        page('payment/order-error', 'payment-order-error'),
        page('help-desk', 'help-desk'),
        page('help-desk/raise-case', 'raise-case'),
        page('help-desk/check-status', 'check-status'),
        page('help-desk/case-details', 'case-details'),
        page('help-desk/:category', 'help-desk-category'),
        page('faqs/:slug', 'faq'),
        page('kyc-status', 'kyc-status'),
        guarded(['signIn'], session, [
          page('organizer-kyc', 'organizer-kyc', { layout: 'organizer-dashboard' }),
          page('find-events', 'find-events'),
          page('account/bookmarks', 'account-bookmarks', { layout: 'user-account' }),
          page('account/bookings', 'account-bookings', { layout: 'user-account' }),
          page('account', 'account', { layout: 'user-account' }),
        ]),
        guarded(['signIn', 'organisation'], session, [
          page('organizer/dashboard', 'organizer-dashboard', { layout: 'organizer-dashboard' }),
          page('organizer/reports', 'organizer-reports', { layout: 'organizer-dashboard' }),
          page('organizer/events', 'organizer-events', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId', 'organizer-event-editor', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/door-list', 'organizer-door-list', { layout: 'organizer-dashboard' }),
          page('organizer/settings', 'organizer-settings', { layout: 'organizer-dashboard' }),
          page('organizer/payments', 'organizer-payments', { layout: 'organizer-dashboard' }),
          page('organizer/payouts', 'organizer-payouts', { layout: 'organizer-dashboard' }),
          page('organizer/account/success', 'organizer-account-success', { layout: 'organizer-dashboard' }),
          page('organizer/account/failure', 'organizer-account-failure', { layout: 'organizer-dashboard' }),
          page('organizer/scan-ticket', 'organizer-scan-ticket', { layout: 'organizer-dashboard' }),
          page('organizer/validate-ticket/scan', 'validate-ticket-scan', { layout: 'validate-ticket-layout' }),
          page('organizer/validate-ticket/search', 'validate-ticket-search', { layout: 'validate-ticket-layout' }),
        ]),
        // Spec §2: the cases list needs only the admin check; the other admin pages sign-in and the admin check.
        guarded(['admin'], session, [page('admin/cases', 'admin-cases', { layout: 'admin' })]),
        guarded(['signIn', 'admin'], session, [
          page('admin/cases/:caseId', 'admin-case', { layout: 'admin' }),
          page('admin/saved-replies', 'admin-saved-replies', { layout: 'admin' }),
          page('admin/help-articles', 'admin-help-articles', { layout: 'admin' }),
          page('admin', 'admin', { layout: 'admin' }),
          page('admin/users', 'admin-users', { layout: 'admin' }),
          page('admin/organisers', 'admin-organisers', { layout: 'admin' }),
          page('admin/organisers/:organiserId', 'admin-organiser', { layout: 'admin' }),
          page('admin/organisers/:organiserId/team', 'admin-organiser-team', { layout: 'admin' }),
          page('admin/user-groups', 'admin-user-groups', { layout: 'admin' }),
          page('admin/user-groups/:groupId', 'admin-user-group', { layout: 'admin' }),
          page('admin/orders', 'admin-orders', { layout: 'admin' }),
          page('admin/tickets', 'admin-tickets', { layout: 'admin' }),
          page('admin/events', 'admin-events', { layout: 'admin' }),
          page('admin/payments', 'admin-payments', { layout: 'admin' }),
          // Decision 005: booking fees get the sign-in and admin guards too.
          page('admin/booking-fees', 'admin-booking-fees', { layout: 'admin' }),
        ]),
        guarded(['session'], session, [page('forgot-password', 'forgot-password', { layout: 'auth' })]),
        { id: 'not-found', path: '*', loader: notFoundLoader, element: <NotFound />, errorElement: <RouteError /> },
      ],
    },
  ];
}

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

/**
 * A page route: `module` names its file in src/app/routes as `<area>/<page>` and is the route's id; its own lazy
 * chunk (with a loader made for this context), layout and guards in `handle`.
 */
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
        page(undefined, 'public/home', { layout: 'home' }),
        page('about-us', 'public/about-us'),
        page('terms', 'public/terms', { layout: 'auth' }),
        page('policy', 'public/policy-index', { layout: 'auth' }),
        page('policy/:slug', 'public/policy', { layout: 'auth' }),
        page('sign-up', 'public/sign-up', { layout: 'auth' }),
        page('user-type', 'public/user-type', { layout: 'auth' }),
        page('verify-email', 'public/verify-email', { layout: 'auth' }),
        page('verify-cognito', 'public/verify-cognito', { layout: 'auth' }),
        page('account-verification', 'public/account-verification', { layout: 'auth' }),
        page('sign-in', 'public/sign-in', { layout: 'auth' }),
        page('invitations/:token', 'organiser/invitation', { layout: 'auth' }),
        page('dev/mailbox', 'public/dev-mailbox'),
        page('events/:category?', 'public/catalogue'),
        page('event/:eventId', 'public/event'),
        page('organisation-view/:orgId', 'public/organisation-view'),
        page('pay/sandbox/:sessionId', 'checkout/pay-sandbox', { layout: 'auth' }),
        page('payment-success', 'checkout/payment-success', { layout: 'home' }),
        page('payment/order-success', 'checkout/payment-order-success'),
        page('payment/order-error', 'checkout/payment-order-error'),
        page('waiting-list', 'checkout/waiting-list'),
        page('help-desk', 'help-desk/help-desk'),
        page('help-desk/raise-case', 'help-desk/raise-case'),
        page('help-desk/check-status', 'help-desk/check-status'),
        page('help-desk/case-details', 'help-desk/case-details'),
        page('help-desk/:category', 'help-desk/help-desk-category'),
        page('faqs/:slug', 'help-desk/faq'),
        page('kyc-status', 'organiser/kyc-status'),
        guarded(['signIn'], session, [
          page('organizer-kyc', 'organiser/organiser-kyc', { layout: 'organizer-dashboard' }),
          page('find-events', 'public/find-events'),
          page('account/bookmarks', 'account/account-bookmarks', { layout: 'user-account' }),
          page('account/bookings', 'account/account-bookings', { layout: 'user-account' }),
          page('account', 'account/account', { layout: 'user-account' }),
        ]),
        guarded(['signIn', 'organisation'], session, [
          page('organizer/dashboard', 'organiser/organiser-dashboard', { layout: 'organizer-dashboard' }),
          page('organizer/reports', 'organiser/organiser-reports', { layout: 'organizer-dashboard' }),
          page('organizer/events', 'organiser/organiser-events', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId', 'organiser/organiser-event-editor', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/door-list', 'door/organiser-door-list', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/codes', 'organiser/organiser-discount-codes', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/capacity', 'organiser/organiser-capacity', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/waiting-list', 'organiser/organiser-waiting-list', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/questions', 'organiser/organiser-questions', { layout: 'organizer-dashboard' }),
          page('organizer/events/:eventId/messages', 'organiser/organiser-messages', { layout: 'organizer-dashboard' }),
          page('organizer/settings', 'organiser/organiser-settings', { layout: 'organizer-dashboard' }),
          page('organizer/payments', 'organiser/organiser-payments', { layout: 'organizer-dashboard' }),
          page('organizer/payouts', 'organiser/organiser-payouts', { layout: 'organizer-dashboard' }),
          page('organizer/account/success', 'organiser/organiser-account-success', { layout: 'organizer-dashboard' }),
          page('organizer/account/failure', 'organiser/organiser-account-failure', { layout: 'organizer-dashboard' }),
          page('organizer/scan-ticket', 'door/organiser-scan-ticket', { layout: 'organizer-dashboard' }),
          page('organizer/validate-ticket/scan', 'door/validate-ticket-scan', { layout: 'validate-ticket-layout' }),
          page('organizer/validate-ticket/search', 'door/validate-ticket-search', { layout: 'validate-ticket-layout' }),
        ]),
        // Spec §2: the cases list needs only the admin check; the other admin pages sign-in and the admin check.
        guarded(['admin'], session, [page('admin/cases', 'admin/admin-cases', { layout: 'admin' })]),
        guarded(['signIn', 'admin'], session, [
          page('admin/cases/:caseId', 'admin/admin-case', { layout: 'admin' }),
          page('admin/saved-replies', 'admin/admin-saved-replies', { layout: 'admin' }),
          page('admin/help-articles', 'admin/admin-help-articles', { layout: 'admin' }),
          page('admin', 'admin/admin', { layout: 'admin' }),
          page('admin/users', 'admin/admin-users', { layout: 'admin' }),
          page('admin/organisers', 'admin/admin-organisers', { layout: 'admin' }),
          page('admin/organisers/:organiserId', 'admin/admin-organiser', { layout: 'admin' }),
          page('admin/organisers/:organiserId/team', 'admin/admin-organiser-team', { layout: 'admin' }),
          page('admin/user-groups', 'admin/admin-user-groups', { layout: 'admin' }),
          page('admin/user-groups/:groupId', 'admin/admin-user-group', { layout: 'admin' }),
          page('admin/orders', 'admin/admin-orders', { layout: 'admin' }),
          page('admin/tickets', 'admin/admin-tickets', { layout: 'admin' }),
          page('admin/events', 'admin/admin-events', { layout: 'admin' }),
          page('admin/messages', 'admin/admin-messages', { layout: 'admin' }),
          page('admin/payments', 'admin/admin-payments', { layout: 'admin' }),
          // Decision 005: booking fees get the sign-in and admin guards too.
          page('admin/booking-fees', 'admin/admin-booking-fees', { layout: 'admin' }),
        ]),
        guarded(['session'], session, [page('forgot-password', 'public/forgot-password', { layout: 'auth' })]),
        { id: 'not-found', path: '*', loader: notFoundLoader, element: <NotFound />, errorElement: <RouteError /> },
      ],
    },
  ];
}

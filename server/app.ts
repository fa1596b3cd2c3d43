import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './api-context.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { findLiveActingSession } from './features/admin/acting.repository.ts';
import { actingRoutes } from './features/admin/acting.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { adminBookingFeesRoutes } from './features/admin/admin-booking-fees.routes.ts';
import { adminEventsRoutes } from './features/admin/admin-events.routes.ts';
import { adminExportsRoutes } from './features/admin/admin-exports.routes.ts';
import { adminMessagesRoutes } from './features/admin/admin-messages.routes.ts';
import { adminMoneyRoutes } from './features/admin/admin-money.routes.ts';
import { adminOrdersRoutes } from './features/admin/admin-orders.routes.ts';
import { adminOrganisersRoutes } from './features/admin/admin-organisers.routes.ts';
import { adminTicketsRoutes } from './features/admin/admin-tickets.routes.ts';
import { adminUserDetailRoutes } from './features/admin/admin-user-detail.routes.ts';
import { messagesRoutes } from './features/attendee-messages/messages.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { bookmarksRoutes } from './features/bookmarks/bookmarks.routes.ts';
import { capacityQuotasRoutes } from './features/capacity/capacity-quotas.routes.ts';
import { checkinsRoutes } from './features/checkins/checkins.routes.ts';
import { clientErrorsRoutes } from './features/client-errors/client-errors.routes.ts';
import { devRoutes } from './features/dev/dev.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { flushPageViews } from './features/events/page-views.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { caseAttachmentsRoutes } from './features/helpdesk/case-attachments.routes.ts';
import { casesRoutes } from './features/helpdesk/cases.routes.ts';
import { helpArticlesRoutes } from './features/helpdesk/help-articles.routes.ts';
import { savedRepliesRoutes } from './features/helpdesk/saved-replies.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { newOrderCaches, type OrdersDeps } from './features/orders/orders.service.ts';
import { organiserOrdersRoutes } from './features/orders/organiser/organiser-orders.routes.ts';
import { buyerRefundsRoutes } from './features/orders/refunds/buyer-refunds.routes.ts';
import { ticketFilesRoutes } from './features/orders/tickets/ticket-files.routes.ts';
import { ticketTransfersRoutes } from './features/orders/tickets/ticket-transfers.routes.ts';
import { organizationsRoutes } from './features/organizations/organizations.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { payoutsRoutes } from './features/payouts/payouts.routes.ts';
import { discountCodesRoutes } from './features/promotions/discount-codes.routes.ts';
import { questionsRoutes } from './features/questions/questions.routes.ts';
import { reportMailsRoutes } from './features/reports/report-mails.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { teamRoutes } from './features/team/team.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { createSuspensions } from './features/users/suspensions.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { verificationRoutes } from './features/verification/verification.routes.ts';
import { waitingListRoutes } from './features/waiting-list/waiting-list.routes.ts';
import { waitingOffersOf } from './features/waiting-list/waiting-list-offers.service.ts';
import { createAccessTokens } from './lib/auth/access-tokens.ts';
import { createPaymentProvider } from './lib/payments/create-provider.ts';
import type { ImageLinks } from './lib/storage/image-url.ts';
import { signedImageUrl, sizedImageSrcSet } from './lib/storage/signed-links.ts';
import { registerActing } from './plugins/acting.ts';
import { createAuthenticator } from './plugins/authentication.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { RouteRegistry } from './plugins/route-registry.ts';

export interface ApiOptions {
  config: Config;
  db: Db;
  /** Where the plugin is mounted, for the OpenAPI paths. */
  prefix: string;
}

type RouteSet = (app: FastifyInstance, context: ApiContext) => void;

/**
 * Every route set, in the order they are mounted. The buyers' orders, the payments that pay for them and the
 * organisers' orders share one payment provider and the caches placing orders keeps (`orders`).
 */
function routeSets(orders: OrdersDeps): RouteSet[] {
  return [
    healthRoutes,
    clientErrorsRoutes,
    authRoutes,
    usersRoutes,
    organizationsRoutes,
    teamRoutes,
    eventsRoutes,
    discountCodesRoutes,
    capacityQuotasRoutes,
    waitingListRoutes,
    questionsRoutes,
    messagesRoutes,
    bookmarksRoutes,
    (app, context) => ordersRoutes(app, context, orders),
    (app, context) => paymentsRoutes(app, context, orders),
    (app, context) => organiserOrdersRoutes(app, context, orders),
    (app, context) => buyerRefundsRoutes(app, context, orders),
    (app, context) => ticketTransfersRoutes(app, context, orders),
    (app, context) => ticketFilesRoutes(app, context, orders),
    checkinsRoutes,
    reportsRoutes,
    reportMailsRoutes,
    payoutsRoutes,
    uploadsRoutes,
    helpArticlesRoutes,
    casesRoutes,
    caseAttachmentsRoutes,
    savedRepliesRoutes,
    adminRoutes,
    adminUserDetailRoutes,
    actingRoutes,
    (app, context) => adminOrdersRoutes(app, context, orders),
    (app, context) => adminTicketsRoutes(app, context, orders),
    adminEventsRoutes,
    adminMessagesRoutes,
    (app, context) => adminMoneyRoutes(app, context, orders),
    adminBookingFeesRoutes,
    adminExportsRoutes,
    adminOrganisersRoutes,
    verificationRoutes,
    devRoutes,
  ];
}

/** What placing, paying for and refunding orders share across requests. */
function ordersDeps({ config, db, images }: ApiContext): OrdersDeps {
  return {
    db,
    secret: config.jwtSecret,
    provider: createPaymentProvider(config),
    imageUrl: images.url,
    holdSeconds: config.orderHoldSeconds,
    orderLimitPerAddress: config.orderLimitPerAddress,
    networkLimits: config.networkLimits,
    googleWallet: config.googleWallet,
    appleWallet: config.appleWallet,
    waitingOffers: waitingOffersOf(config.jwtSecret),
    ...newOrderCaches(),
  };
}

/** The API as a Fastify plugin: register it under a prefix (`/api`). */
export async function apiPlugin(app: FastifyInstance, { config, db, prefix }: ApiOptions): Promise<void> {
  const routes = new RouteRegistry(prefix);
  const tokens = createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds);
  const images: ImageLinks = {
    url: (key) => signedImageUrl(config, key),
    srcSet: (key) => sizedImageSrcSet(config, key),
  };
  const suspensions = createSuspensions(db);
  const auth = createAuthenticator(tokens, suspensions);
  const context: ApiContext = { config, db, routes, tokens, auth, images, suspensions };
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  const actingSessions = { isLive: async (id: string) => (await findLiveActingSession(db, id)) !== undefined };
  registerActing(app, { tokens, sessions: actingSessions, db, basePath: prefix });
  for (const routeSet of routeSets(ordersDeps(context))) routeSet(app, context);
  // Page views tallied in memory are written before the database closes.
  app.addHook('onClose', async () => {
    await flushPageViews(db).catch((error: unknown) => app.log.warn({ err: error }, 'could not write the last page views'));
  });

  // Made on first request: routes in encapsulated scopes (the image upload) are only added once the app is ready.
  let openApi: ReturnType<RouteRegistry['openApiDocument']> | undefined;
  app.get('/openapi.json', { logLevel: 'warn' }, async () => {
    openApi ??= routes.openApiDocument({ title: 'Admit API', version: '1' });
    return openApi;
  });
}

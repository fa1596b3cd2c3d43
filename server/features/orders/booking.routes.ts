import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api-context.ts';
import { createPaymentProvider } from '../../lib/payments/create-provider.ts';
import { keepRawWebhookBodies } from '../../lib/payments/raw-body.ts';
import { paymentsRoutes } from '../payments/payments.routes.ts';
import { ordersRoutes } from './orders.routes.ts';
import { organiserOrdersRoutes } from './organiser-orders.routes.ts';

/** Orders and payments share one provider and one set of dependencies. */
export function bookingRoutes(app: FastifyInstance, context: ApiContext): void {
  const provider = createPaymentProvider(context.config);
  keepRawWebhookBodies(app, (url) => url.includes('/payments/webhook/'));
  const deps = ordersRoutes(app, context, provider);
  paymentsRoutes(app, context, deps);
  organiserOrdersRoutes(app, context, deps);
}

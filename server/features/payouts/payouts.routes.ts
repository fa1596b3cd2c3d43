import type { FastifyInstance } from 'fastify';
import { payoutDetailSchema, payoutParamsSchema, payoutsQuerySchema, payoutsSchema } from '../../../src/contract/payouts.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { organizationPayout, organizationPayouts } from './payouts.service.ts';

const tags = ['organiser payouts'];

export function payoutsRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/payouts',
    summary:
      'The balance per currency (sold, fees, refunds, paid out, pending) and the payouts, newest first, in keyset pages (owners, finance)',
    tags,
    auth: 'required',
    errors: ['BAD_REQUEST', 'FORBIDDEN'],
    params: organizationParamsSchema,
    query: payoutsQuerySchema,
    response: payoutsSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return {
        message: 'Payouts.',
        data: await organizationPayouts(db, config.paymentProvider, caller.sub, params.organizationId, query),
      };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/payouts/:payoutId',
    summary: 'One payout with the orders it covers (owners, finance)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: payoutParamsSchema,
    response: payoutDetailSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Payout.', data: await organizationPayout(db, caller.sub, params.organizationId, params.payoutId) };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import {
  feeQuoteResultSchema,
  feeQuoteSchema,
  feeRuleListQuerySchema,
  feeRuleListSchema,
  newFeeRuleSchema,
} from '../../../src/contract/admin-sales.ts';
import type { ApiContext } from '../../api-context.ts';
import { addFeeRule, listFeeRules, quoteFee } from './admin-booking-fees.service.ts';

const tags = ['admin'];

/** The admin console's booking fees: the rules' history, a rule that starts later, a sample order's price. */
export function adminBookingFeesRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/booking-fees',
    summary: 'The booking fee rules, the append-only history, latest start first; or one organiser’s fee plan (fees.manage)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: feeRuleListQuerySchema,
    response: feeRuleListSchema,
    handler: async ({ query, request }) => ({
      message: 'Booking fee rules.',
      data: { items: await listFeeRules(db, await auth.require(request), query) },
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/booking-fees',
    summary: 'Add a booking fee rule that starts later, with a reason (fees.manage, recent sign-in)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    body: newFeeRuleSchema,
    response: feeRuleListSchema,
    statuses: ['CREATED'],
    handler: async ({ body, request }) => ({
      message: 'The rule is added.',
      data: { items: await addFeeRule(db, await auth.require(request), body) },
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/booking-fees/quote',
    summary: 'What a buyer pays and the organiser receives for a sample order, by the checkout’s fee function (fees.manage)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    body: feeQuoteSchema,
    response: feeQuoteResultSchema,
    handler: async ({ body, request }) => ({ message: 'Quote.', data: await quoteFee(db, await auth.require(request), body) }),
  });
}

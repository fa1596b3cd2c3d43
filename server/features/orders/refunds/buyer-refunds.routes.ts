import type { FastifyInstance } from 'fastify';
import {
  cancelTicketsSchema,
  organiserRefundRequestListSchema,
  refundAskSchema,
  refundRequestDecisionSchema,
  refundRequestParamsSchema,
  refundRequestSchema,
} from '../../../../src/contract/cancellations.ts';
import { orderAccessQuerySchema, orderParamsSchema, orderSchema } from '../../../../src/contract/orders.ts';
import { organizationParamsSchema } from '../../../../src/contract/users.ts';
import type { ApiContext } from '../../../api-context.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../../plugins/idempotency-key.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { askForRefund, cancelTickets } from './buyer-refunds.service.ts';
import { answerRefundRequest, openRefundRequests } from './refund-requests.service.ts';

const tags = ['refunds'];

/** A buyer cancels within the policy or asks for a refund; the organiser answers the requests (decision 068). */
export function buyerRefundsRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/cancellation',
    summary:
      'The buyer cancels tickets within the refund policy (all that can be, without ticketIds); refunded less the policy’s fee; needs an Idempotency-Key header',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    headers: [idempotencyKeyHeader],
    errors: ['CONFLICT'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    body: cancelTicketsSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await cancelTickets(deps, {
        orderId: params.orderId,
        token: query.token,
        userId: caller?.sub ?? null,
        input: body,
        idempotencyKey: idempotencyKeyOf(request),
        origin: config.publicOrigin,
      });
      return { message: 'Cancelled. We have emailed you the details.', data: order };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/refund-requests',
    summary: 'The buyer asks the organiser to refund tickets the policy does not let them cancel (one open request at a time)',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['CONFLICT'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    body: refundAskSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await askForRefund(deps, {
        orderId: params.orderId,
        token: query.token,
        userId: caller?.sub ?? null,
        input: body,
      });
      return { message: 'Your request is sent. The organiser answers by email.', data: order };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/refund-requests',
    summary: 'Buyers’ open refund requests for the organisation’s events, oldest first (owners, managers, finance)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    response: organiserRefundRequestListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Refund requests.', data: await openRefundRequests(deps, caller.sub, params.organizationId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/refund-requests/:requestId/decision',
    summary: 'Refund the asked tickets in full, or decline with a note the buyer receives (owners, finance)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: refundRequestParamsSchema,
    body: refundRequestDecisionSchema,
    response: refundRequestSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const answered = await answerRefundRequest(deps, {
        userId: caller.sub,
        requestId: params.requestId,
        decision: body,
        origin: config.publicOrigin,
      });
      return {
        message: body.decision === 'refund' ? 'Refunded. The buyer is told by email.' : 'Declined. The buyer is told by email.',
        data: answered,
      };
    },
  });
}

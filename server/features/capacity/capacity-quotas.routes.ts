import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  capacityQuotaInputSchema,
  capacityQuotaListSchema,
  capacityQuotaParamsSchema,
  capacityQuotaSchema,
} from '../../../src/contract/capacity-quotas.ts';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import type { ApiContext } from '../../api-context.ts';
import { changeCapacityQuota, createCapacityQuota, deleteCapacityQuota, listCapacityQuotas } from './capacity-quotas.service.ts';

const tags = ['capacity'];

const noteOnQuotas = 'Owners and managers of the event’s organisation (events.edit)';

export function capacityQuotasRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/capacity-quotas',
    summary: `The event’s capacity and the places its ticket types share, each with what is sold, held and left. ${noteOnQuotas}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    response: capacityQuotaListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Capacity.', data: await listCapacityQuotas(db, caller.sub, params.eventId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/capacity-quotas',
    summary: `Give the event a capacity over all its ticket types (allTypes), or places some of its types share. ${noteOnQuotas}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: eventParamsSchema,
    body: capacityQuotaInputSchema,
    response: capacityQuotaSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const quota = await createCapacityQuota(db, caller.sub, params.eventId, body);
      return { message: `${quota.name}: ${quota.capacity} places saved.`, data: quota };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/capacity-quotas/:quotaId',
    summary: `Replace shared places’ name, number and ticket types; never fewer than they have sold or held. ${noteOnQuotas}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: capacityQuotaParamsSchema,
    body: capacityQuotaInputSchema,
    response: capacityQuotaSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const quota = await changeCapacityQuota(db, caller.sub, params.eventId, params.quotaId, body);
      return { message: `${quota.name}: ${quota.capacity} places saved.`, data: quota };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/events/:eventId/capacity-quotas/:quotaId',
    summary: `Stop a capacity or shared places limiting sales (the types keep their own capacities). ${noteOnQuotas}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: capacityQuotaParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await deleteCapacityQuota(db, caller.sub, params.eventId, params.quotaId);
      return { message: 'Places deleted.', data: { deleted: true as const } };
    },
  });
}

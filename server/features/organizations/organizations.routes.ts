import type { FastifyInstance } from 'fastify';
import { organizationParamsSchema, organizationSchema, updateOrganizationSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { changeOrganization, getOrganization } from './organizations.service.ts';

export function organizationsRoutes(app: FastifyInstance, { db, routes, auth, images }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId',
    summary: 'An organisation’s public profile',
    tags: ['organizations'],
    auth: 'none',
    params: organizationParamsSchema,
    response: organizationSchema,
    handler: async ({ params }) => ({
      message: 'Organisation.',
      data: await getOrganization(db, params.organizationId, images.url),
    }),
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/organizations/:organizationId',
    summary: 'Change the organisation’s profile (owners and managers)',
    tags: ['organizations'],
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    body: updateOrganizationSchema,
    response: organizationSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      return {
        message: 'Profile saved.',
        data: await changeOrganization(db, caller.sub, params.organizationId, body, images.url),
      };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { organizationParamsSchema, organizationSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { findOrganization } from './organizations.repository.ts';

export function organizationsRoutes(app: FastifyInstance, { db, routes }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId',
    summary: 'An organisation’s public profile',
    tags: ['organizations'],
    params: organizationParamsSchema,
    response: organizationSchema,
    handler: async ({ params }) => {
      const row = await findOrganization(db, params.organizationId);
      if (!row) throw notFound('That organisation');
      return {
        message: 'Organisation.',
        data: { id: row.id, name: row.name, kycStatus: row.kyc_status, createdAt: new Date(row.created_at).toISOString() },
      };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { userIdParamsSchema } from '../../../src/contract/admin.ts';
import { adminUserDetailSchema } from '../../../src/contract/admin-user-detail.ts';
import type { ApiContext } from '../../api-context.ts';
import { adminUserDetail } from './admin-user-detail.service.ts';

/** One account as support sees it ('users.read'). */
export function adminUserDetailRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/users/:userId',
    summary:
      'An account with its newest orders and cases (by account or address), its organisations and its history (users.read)',
    tags: ['admin'],
    auth: 'required',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    params: userIdParamsSchema,
    response: adminUserDetailSchema,
    handler: async ({ params, request }) => ({
      message: 'Account.',
      data: await adminUserDetail(db, await auth.require(request), params.userId),
    }),
  });
}

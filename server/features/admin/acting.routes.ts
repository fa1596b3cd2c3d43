import type { FastifyInstance } from 'fastify';
import { actingStartedSchema, actingStoppedSchema, startActingSchema } from '../../../src/contract/acting.ts';
import { userIdParamsSchema } from '../../../src/contract/admin.ts';
import type { ApiContext } from '../../api-context.ts';
import { stopActingUrl } from '../../plugins/acting.ts';
import { startActing, stopActing } from './acting.service.ts';

const tags = ['admin'];

/** Acting as a user for support (decision 033): start with a reason, stop with the acting token itself. */
export function actingRoutes(app: FastifyInstance, { db, routes, auth, tokens }: ApiContext): void {
  routes.add(app, {
    method: 'POST',
    url: '/admin/users/:userId/act',
    summary:
      'Act as a user for support, with a reason: a separate access token for at most 30 minutes, never refreshed (needs users.manage and a recent sign-in)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    params: userIdParamsSchema,
    body: startActingSchema,
    response: actingStartedSchema,
    handler: async ({ params, body, request }) => {
      const started = await startActing({ db, tokens }, await auth.require(request), params.userId, body.reason);
      return { message: `You are acting as ${started.user.name} for support.`, data: started };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: stopActingUrl,
    summary: 'Stop acting as the user: called with the acting token, which stops working at once',
    tags,
    auth: 'required',
    whileActing: { allowed: 'Stopping is how acting ends, and it is called with the acting token itself.' },
    errors: ['CONFLICT'],
    params: userIdParamsSchema,
    response: actingStoppedSchema,
    handler: async ({ params, request }) => ({
      message: 'You stopped acting as this user.',
      data: await stopActing(db, await auth.require(request), params.userId),
    }),
  });
}

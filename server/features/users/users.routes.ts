import type { FastifyInstance } from 'fastify';
import { idParamsSchema, updateUserSchema, userSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { changeUser, getUser } from './users.service.ts';

export function usersRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/users/:id',
    summary: 'An account: the user themself, or an admin',
    tags: ['users'],
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: idParamsSchema,
    response: userSchema,
    handler: async ({ params, request }) => ({
      message: 'Account.',
      data: await getUser(db, await auth.require(request), params.id),
    }),
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/users/:id',
    summary: 'Change name or date of birth',
    tags: ['users'],
    auth: 'required',
    whileActing: {
      allowed: 'Profile fields only (name, date of birth): support corrects them as the user asks; no email or password here.',
    },
    errors: ['FORBIDDEN'],
    params: idParamsSchema,
    body: updateUserSchema,
    response: userSchema,
    handler: async ({ params, body, request }) => ({
      message: 'Your details are saved.',
      data: await changeUser(db, await auth.require(request), params.id, body),
    }),
  });
}

import type { FastifyInstance } from 'fastify';
import {
  addGroupMemberSchema,
  adminAccessSchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  createGroupSchema,
  groupDetailSchema,
  groupIdParamsSchema,
  groupListSchema,
  groupMemberParamsSchema,
  mailSentSchema,
  platformOverviewSchema,
  reasonBodySchema,
  resendConfirmationBodySchema,
  updateGroupSchema,
  userIdParamsSchema,
} from '../../../src/contract/admin.ts';
import type { ApiContext } from '../../api-context.ts';
import { adminPermissions } from './admin-access.service.ts';
import { addMember, changeGroup, createGroup, getGroup, getGroups, removeMember } from './admin-groups.service.ts';
import { platformOverview } from './admin-overview.service.ts';
import { listUsers, readAudit, resendSignUpConfirmation, sendPasswordReset, setUserSuspended } from './admin-users.service.ts';

const tags = ['admin'];

export function adminRoutes(app: FastifyInstance, { config, db, routes, auth, suspensions }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/access',
    summary: 'What the calling administrator may do (the union of their groups’ permissions)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: adminAccessSchema,
    handler: async ({ request }) => ({
      message: 'Your admin permissions.',
      data: { permissions: await adminPermissions(db, await auth.require(request)) },
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/overview',
    summary: 'Platform figures: money per currency, orders, sign-ups and top events',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: platformOverviewSchema,
    handler: async ({ request }) => ({
      message: 'Platform overview.',
      data: await platformOverview(db, await auth.require(request)),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/groups',
    summary: 'User groups and their permissions',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: groupListSchema,
    handler: async ({ request }) => ({
      message: 'User groups.',
      data: { items: await getGroups(db, await auth.require(request)) },
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/groups',
    summary: 'Create a user group',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    body: createGroupSchema,
    response: groupDetailSchema,
    statuses: ['CREATED'],
    handler: async ({ body, request }) => ({
      message: 'The group is created.',
      data: await createGroup(db, await auth.require(request), body),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/groups/:groupId',
    summary: 'A user group with its members',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: groupIdParamsSchema,
    response: groupDetailSchema,
    handler: async ({ params, request }) => ({
      message: 'User group.',
      data: await getGroup(db, await auth.require(request), params.groupId),
    }),
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/admin/groups/:groupId',
    summary: 'Rename a user group or change its permissions',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: groupIdParamsSchema,
    body: updateGroupSchema,
    response: groupDetailSchema,
    handler: async ({ params, body, request }) => ({
      message: 'The group is saved.',
      data: await changeGroup(db, await auth.require(request), params.groupId, body),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/groups/:groupId/members',
    summary: 'Add an administrator to a user group (409 when they are in it already)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: groupIdParamsSchema,
    body: addGroupMemberSchema,
    response: groupDetailSchema,
    handler: async ({ params, body, request }) => ({
      message: 'The administrator is added.',
      data: await addMember(db, await auth.require(request), params.groupId, body.email),
    }),
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/admin/groups/:groupId/members/:userId',
    summary: 'Remove an administrator from a user group (never the built-in group’s last member)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: groupMemberParamsSchema,
    response: groupDetailSchema,
    handler: async ({ params, request }) => ({
      message: 'The administrator is removed from the group.',
      data: await removeMember(db, await auth.require(request), params.groupId, params.userId),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/audit',
    summary: 'The audit log, newest first (search by action, object id or actor email)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: auditQuerySchema,
    response: auditPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Audit log.',
      data: await readAudit(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/users',
    summary: 'Find users by email or name, newest first',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminUsersQuerySchema,
    response: adminUserPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Users.',
      data: await listUsers(db, await auth.require(request), query),
    }),
  });

  for (const suspend of [true, false]) {
    routes.add(app, {
      method: 'POST',
      url: suspend ? '/admin/users/:userId/suspend' : '/admin/users/:userId/reactivate',
      summary: suspend
        ? 'Suspend an account with a reason: it cannot sign in and its sessions end'
        : 'Reactivate a suspended account with a reason',
      tags,
      auth: 'required',
      whileActing: 'refused',
      errors: ['FORBIDDEN', 'CONFLICT'],
      params: userIdParamsSchema,
      body: reasonBodySchema,
      response: adminUserSchema,
      handler: async ({ params, body, request }) => ({
        message: suspend ? 'The account is suspended.' : 'The account is active again.',
        data: await setUserSuspended({ db, suspensions }, await auth.require(request), params.userId, {
          suspend,
          reason: body.reason,
        }),
      }),
    });
  }

  routes.add(app, {
    method: 'POST',
    url: '/admin/users/:userId/password-reset',
    summary: 'Mail the account a password reset code (the forgotten-password mail)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: userIdParamsSchema,
    response: mailSentSchema,
    handler: async ({ params, request }) => {
      const sent = await sendPasswordReset({ db, config }, await auth.require(request), params.userId);
      return { message: `A password reset code was emailed to ${sent.to}.`, data: sent };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/users/resend-confirmation',
    summary: 'Mail a new confirmation code to a sign-up that waits for one',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    body: resendConfirmationBodySchema,
    response: mailSentSchema,
    handler: async ({ body, request }) => {
      const sent = await resendSignUpConfirmation({ db, config }, await auth.require(request), body.email);
      return { message: `A new confirmation code was emailed to ${sent.to}.`, data: sent };
    },
  });
}

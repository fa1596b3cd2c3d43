import type { FastifyInstance } from 'fastify';
import {
  acceptedInvitationSchema,
  changeMemberRoleSchema,
  emptyTeamResultSchema,
  invitationParamsSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  inviteMemberSchema,
  memberParamsSchema,
  pendingInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from '../../../src/contract/team.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import {
  acceptInvitation,
  changeMemberRole,
  describeInvitation,
  getTeam,
  inviteMember,
  removeMember,
  withdrawInvitation,
} from './team.service.ts';

const tags = ['team'];

export function teamRoutes(app: FastifyInstance, { db, config, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/members',
    summary: 'The team: members and open invitations (owners and managers)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    response: teamSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Team.', data: await getTeam(db, caller.sub, params.organizationId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/organizations/:organizationId/invitations',
    summary: 'Invite someone by email with a role; the link is mailed and lasts 7 days',
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: organizationParamsSchema,
    body: inviteMemberSchema,
    response: pendingInvitationSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const invitation = await inviteMember(db, caller.sub, params.organizationId, body, {
        origin: config.publicOrigin,
      });
      return { message: `Invitation sent to ${invitation.email}.`, data: invitation };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/organizations/:organizationId/invitations/:invitationId',
    summary: 'Withdraw an open invitation; its link stops working',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: invitationParamsSchema,
    response: emptyTeamResultSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await withdrawInvitation(db, caller.sub, params.organizationId, params.invitationId);
      return { message: 'Invitation withdrawn.', data: {} };
    },
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/organizations/:organizationId/members/:userId',
    summary: 'Change a member’s role (only owners grant or change the owner role; not one’s own)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: memberParamsSchema,
    body: changeMemberRoleSchema,
    response: teamMemberSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const member = await changeMemberRole(db, caller.sub, params.organizationId, params.userId, body.role);
      return { message: `${member.firstName} ${member.lastName} is now ${article(member.role)}.`, data: member };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/organizations/:organizationId/members/:userId',
    summary: 'Remove a member from the team (only owners remove owners; an organisation keeps one owner)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: memberParamsSchema,
    response: emptyTeamResultSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await removeMember(db, caller.sub, params.organizationId, params.userId);
      return { message: 'Removed from the team.', data: {} };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/invitations/:token',
    summary: 'What an invitation link is: organisation, role, invited address, whether it can still be accepted',
    tags,
    auth: 'none',
    params: invitationTokenParamsSchema,
    response: invitationSchema,
    handler: async ({ params }) => ({ message: 'Invitation.', data: await describeInvitation(db, params.token) }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/invitations/:token/accept',
    summary: 'Accept an invitation with the invited address: join the organisation with its role',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: invitationTokenParamsSchema,
    response: acceptedInvitationSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const joined = await acceptInvitation(db, caller.sub, params.token);
      return { message: `Welcome to ${joined.organizationName}.`, data: joined };
    },
  });
}

const roleNames = { owner: 'an owner', manager: 'a manager', finance: 'a finance member', door: 'door staff' } as const;
const article = (role: keyof typeof roleNames) => roleNames[role];

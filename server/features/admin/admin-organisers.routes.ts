import type { FastifyInstance } from 'fastify';
import { reasonBodySchema } from '../../../src/contract/admin.ts';
import {
  adminOrganiserDetailSchema,
  adminOrganiserPageSchema,
  adminOrganisersQuerySchema,
  adminTeamSchema,
  documentParamsSchema,
  organiserMemberParamsSchema,
  organizationIdParamsSchema,
  verificationDecisionSchema,
} from '../../../src/contract/verification.ts';
import type { ApiContext } from '../../api-context.ts';
import {
  decideOrganiser,
  getOrganiser,
  getOrganiserTeam,
  listOrganisers,
  readOrganiserDocument,
  removeOrganiserMember,
  setOrganiserSuspended,
} from './admin-organisers.service.ts';

const tags = ['admin'];

/** The administrators' review of organisers: verification decisions, suspension and teams ('organisers.review'). */
export function adminOrganisersRoutes(app: FastifyInstance, { db, config, routes, auth }: ApiContext): void {
  const deps = { db, config };

  routes.add(app, {
    method: 'GET',
    url: '/admin/organisers',
    summary: 'Organisers, newest first: search by name or owner email, filter by verification state',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminOrganisersQuerySchema,
    response: adminOrganiserPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Organisers.',
      data: await listOrganisers(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/organisers/:organizationId',
    summary: 'An organiser: profile, verification with its documents, and history',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationIdParamsSchema,
    response: adminOrganiserDetailSchema,
    handler: async ({ params, request }) => ({
      message: 'Organiser.',
      data: await getOrganiser(deps, await auth.require(request), params.organizationId),
    }),
  });

  routes.addFile(app, {
    method: 'GET',
    url: '/admin/organisers/:organizationId/documents/:documentId',
    summary: 'Download a verification document (recorded in the audit log)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: documentParamsSchema,
    contentType: 'application/octet-stream',
    handler: async ({ params, request }) => {
      const opened = await readOrganiserDocument(deps, await auth.require(request), params.organizationId, params.documentId);
      return { fileName: opened.fileName, content: opened.bytes };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/organisers/:organizationId/decision',
    summary: 'Approve a verification, ask for more (what and by when), or reject it with a reason; the owners are mailed',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organizationIdParamsSchema,
    body: verificationDecisionSchema,
    response: adminOrganiserDetailSchema,
    handler: async ({ params, body, request }) => ({
      message:
        body.decision === 'approve'
          ? 'The organiser is verified.'
          : body.decision === 'reject'
            ? 'The verification is rejected.'
            : 'The organiser is asked for more.',
      data: await decideOrganiser(deps, await auth.require(request), params.organizationId, body),
    }),
  });

  for (const suspend of [true, false]) {
    routes.add(app, {
      method: 'POST',
      url: suspend ? '/admin/organisers/:organizationId/suspend' : '/admin/organisers/:organizationId/reinstate',
      summary: suspend
        ? 'Suspend an organiser with a reason: its events stop selling; its members are mailed'
        : 'Reinstate a suspended organiser with a reason',
      tags,
      auth: 'required',
      whileActing: 'refused',
      errors: ['FORBIDDEN', 'CONFLICT'],
      params: organizationIdParamsSchema,
      body: reasonBodySchema,
      response: adminOrganiserDetailSchema,
      handler: async ({ params, body, request }) => ({
        message: suspend ? 'The organiser is suspended.' : 'The organiser is reinstated.',
        data: await setOrganiserSuspended(deps, await auth.require(request), params.organizationId, {
          suspend,
          reason: body.reason,
        }),
      }),
    });
  }

  routes.add(app, {
    method: 'GET',
    url: '/admin/organisers/:organizationId/team',
    summary: 'An organiser’s members and their roles',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationIdParamsSchema,
    response: adminTeamSchema,
    handler: async ({ params, request }) => ({
      message: 'Team.',
      data: await getOrganiserTeam(db, await auth.require(request), params.organizationId),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/organisers/:organizationId/team/:userId/remove',
    summary: 'Remove a member from an organiser, with a reason (never the last owner)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organiserMemberParamsSchema,
    body: reasonBodySchema,
    response: adminTeamSchema,
    handler: async ({ params, body, request }) => ({
      message: 'The member is removed.',
      data: await removeOrganiserMember(db, await auth.require(request), params.organizationId, params.userId, body.reason),
    }),
  });
}

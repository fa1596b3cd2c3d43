import type { FastifyInstance, FastifyRequest } from 'fastify';
import { savedReplyIdParamsSchema, savedReplyInputSchema, savedReplyListSchema } from '../../../src/contract/help-agents.ts';
import type { ApiContext } from '../../api-context.ts';
import { requireAgent } from './agent-access.ts';
import { removeSavedReply, savedReplies, saveSavedReply } from './saved-replies.service.ts';

const tags = ['help desk'];

/** The agents' saved replies: every agent who handles cases reads, adds, changes and deletes them. */
export function savedRepliesRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  const agentOf = async (request: FastifyRequest) => {
    const caller = await auth.require(request);
    await requireAgent(db, caller, 'cases.handle');
    return caller.sub;
  };

  routes.add(app, {
    method: 'GET',
    url: '/admin/help/saved-replies',
    summary: 'The saved replies agents insert into their answers (agents)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: savedReplyListSchema,
    handler: async ({ request }) => {
      await agentOf(request);
      return { message: 'Saved replies.', data: { items: await savedReplies(db) } };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/help/saved-replies',
    summary: 'Add a saved reply (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    body: savedReplyInputSchema,
    response: savedReplyListSchema,
    statuses: ['CREATED'],
    handler: async ({ body, request }) => {
      const agentId = await agentOf(request);
      return { message: 'Saved reply added.', data: { items: await saveSavedReply(db, agentId, null, body) } };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/admin/help/saved-replies/:replyId',
    summary: 'Change a saved reply (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: savedReplyIdParamsSchema,
    body: savedReplyInputSchema,
    response: savedReplyListSchema,
    handler: async ({ params, body, request }) => {
      const agentId = await agentOf(request);
      return { message: 'Saved reply changed.', data: { items: await saveSavedReply(db, agentId, params.replyId, body) } };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/admin/help/saved-replies/:replyId',
    summary: 'Delete a saved reply (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: savedReplyIdParamsSchema,
    response: savedReplyListSchema,
    handler: async ({ params, request }) => {
      const agentId = await agentOf(request);
      return { message: 'Saved reply deleted.', data: { items: await removeSavedReply(db, agentId, params.replyId) } };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { emptySchema } from '../../../src/contract/auth.ts';
import {
  agentCaseChangeSchema,
  agentCaseSchema,
  agentMessageInputSchema,
  agentQueueQuerySchema,
  agentQueueSchema,
} from '../../../src/contract/help-agents.ts';
import {
  caseAccessSchema,
  caseIdParamsSchema,
  caseLinkSchema,
  caseOptionsSchema,
  caseReplySchema,
  caseSummaryListSchema,
  checkStatusSchema,
  confirmCaseEmailSchema,
  customerCaseSchema,
  raiseCaseSchema,
  raisedCaseSchema,
} from '../../../src/contract/help-cases.ts';
import type { ApiContext } from '../../api-context.ts';
import { agentCase, agentMessage, agentQueue, changeAgentCase } from './agent-cases.service.ts';
import { caseAccessHeaderSpec, caseAgentOf, caseCallerOf } from './case-callers.ts';
import {
  caseOptions,
  confirmCaseEmail,
  customerCase,
  customerReply,
  customerResolve,
  myCases,
  openCaseLink,
  raiseCase,
  requestCaseLink,
} from './cases.service.ts';

const tags = ['help desk'];

export function casesRoutes(app: FastifyInstance, { db, routes, auth, config }: ApiContext): void {
  const deps = { db, origin: config.publicOrigin, secret: config.jwtSecret };
  const callerOf = caseCallerOf(auth);
  const agentOf = caseAgentOf(db, auth);

  routes.add(app, {
    method: 'POST',
    url: '/help/cases',
    summary: 'Raise a case, signed in or as a guest (whose case opens with the code, or the link, mailed to them)',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    body: raiseCaseSchema,
    response: raisedCaseSchema,
    statuses: ['CREATED'],
    errors: ['TOO_MANY_REQUESTS'],
    handler: async ({ body, request }) => {
      const claims = await auth.optional(request);
      const raised = await raiseCase(deps, body, { userId: claims?.sub ?? null, ip: request.ip });
      const message = raised.caseId
        ? `Case ${raised.reference} is open. We have emailed you a copy.`
        : `We have emailed you a code to confirm your address and open case ${raised.reference}.`;
      return { message, data: raised };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/confirm-email',
    summary: 'A guest enters the code mailed to them: their case opens, and this browser gets access to it',
    tags,
    auth: 'none',
    whileActing: 'refused',
    body: confirmCaseEmailSchema,
    response: caseAccessSchema,
    errors: ['TOO_MANY_REQUESTS'],
    handler: async ({ body, request }) => ({
      message: 'Your email is confirmed and your case is open.',
      data: await confirmCaseEmail(deps, body, request.ip),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/cases/options',
    summary: 'What a signed-in person may link a new case to: their own orders',
    tags,
    auth: 'required',
    response: caseOptionsSchema,
    handler: async ({ request }) => {
      const caller = await auth.require(request);
      return { message: 'Case options.', data: await caseOptions(deps, caller.sub) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/check-status',
    summary: 'Mail a new link to a case; the same answer whether or not the case exists',
    tags,
    auth: 'none',
    whileActing: 'refused',
    body: checkStatusSchema,
    response: emptySchema,
    errors: ['TOO_MANY_REQUESTS'],
    handler: async ({ body, request }) => {
      await requestCaseLink(deps, body, request.ip);
      return { message: 'If a case with that reference exists for that email, we have sent a link to it.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/access',
    summary: 'Exchange a mailed case link, once, for access to the case from this browser',
    tags,
    auth: 'none',
    whileActing: 'refused',
    body: caseLinkSchema,
    response: caseAccessSchema,
    errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'],
    handler: async ({ body, request }) => ({ message: 'Your case.', data: await openCaseLink(deps, body.token, request.ip) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/cases/mine',
    summary: 'The signed-in person’s cases',
    tags,
    auth: 'required',
    response: caseSummaryListSchema,
    handler: async ({ request }) => {
      const caller = await auth.require(request);
      return { message: 'Your cases.', data: { items: await myCases(deps, caller.sub) } };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/help/cases/:caseId',
    summary: 'A case as the person who raised it sees it (their session or their link’s access)',
    tags,
    auth: 'optional',
    headers: [caseAccessHeaderSpec],
    params: caseIdParamsSchema,
    response: customerCaseSchema,
    handler: async ({ params, request }) => ({
      message: 'Your case.',
      data: await customerCase(deps, params.caseId, await callerOf(request)),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/:caseId/replies',
    summary: 'Reply to your case; a reply reopens a pending or recently resolved case',
    tags,
    auth: 'optional',
    whileActing: {
      allowed:
        'A reply on the user’s own case goes to the help desk only, and is how support adds what it found on their behalf.',
    },
    headers: [caseAccessHeaderSpec],
    params: caseIdParamsSchema,
    body: caseReplySchema,
    response: customerCaseSchema,
    statuses: ['CREATED'],
    errors: ['CONFLICT', 'TOO_MANY_REQUESTS'],
    handler: async ({ params, body, request }) => ({
      message: 'Reply sent.',
      data: await customerReply(deps, params.caseId, await callerOf(request), body.body),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/:caseId/resolve',
    summary: 'Mark your case resolved',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    headers: [caseAccessHeaderSpec],
    params: caseIdParamsSchema,
    response: customerCaseSchema,
    errors: ['CONFLICT'],
    handler: async ({ params, request }) => ({
      message: 'Marked as resolved. Reply within 14 days to reopen it.',
      data: await customerResolve(deps, params.caseId, await callerOf(request)),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/cases',
    summary: 'The agents’ queue: filters, counts per queue, by age, a page at a time (agents)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: agentQueueQuerySchema,
    response: agentQueueSchema,
    handler: async ({ query, request }) => ({ message: 'Cases.', data: await agentQueue(deps, await agentOf(request), query) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/cases/:caseId',
    summary: 'A case with its internal notes, links and history (agents)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: caseIdParamsSchema,
    response: agentCaseSchema,
    handler: async ({ params, request }) => {
      await agentOf(request);
      return { message: 'Case.', data: await agentCase(deps, params.caseId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/cases/:caseId/messages',
    summary: 'A public reply (mailed to the customer) or an internal note (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: caseIdParamsSchema,
    body: agentMessageInputSchema,
    response: agentCaseSchema,
    statuses: ['CREATED'],
    handler: async ({ params, body, request }) => {
      const agentId = await agentOf(request);
      const data = await agentMessage(deps, agentId, params.caseId, body);
      return { message: body.internal ? 'Internal note added.' : 'Reply sent to the customer.', data };
    },
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/admin/cases/:caseId',
    summary: 'Change a case’s state or assignment (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: caseIdParamsSchema,
    body: agentCaseChangeSchema,
    response: agentCaseSchema,
    handler: async ({ params, body, request }) => {
      const agentId = await agentOf(request);
      return { message: 'Case updated.', data: await changeAgentCase(deps, agentId, params.caseId, body) };
    },
  });
}

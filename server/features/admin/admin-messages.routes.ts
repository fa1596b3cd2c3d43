import type { FastifyInstance } from 'fastify';
import {
  adminMessageParamsSchema,
  adminMessagesQuerySchema,
  adminMessagesSchema,
  attendeeMessageSchema,
} from '../../../src/contract/attendee-messages.ts';
import type { ApiContext } from '../../api-context.ts';
import { approveMessage, messagesToReview, stopMessageAsAdmin } from '../attendee-messages/messages.service.ts';
import { requirePermission } from './admin-access.service.ts';

const tags = ['admin'];

/** Organisers' messages to their attendees: approve the waiting ones, stop any (events.moderate). */
export function adminMessagesRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/messages',
    summary:
      'Organisers’ messages to attendees, those waiting for approval first, with their text and audience size (events.moderate)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminMessagesQuerySchema,
    response: adminMessagesSchema,
    handler: async ({ query, request }) => {
      await requirePermission(db, await auth.require(request), 'events.moderate');
      return { message: 'Messages.', data: await messagesToReview(db, query.status) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/messages/:messageId/approval',
    summary: 'Let a waiting message go, at its time or now (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminMessageParamsSchema,
    response: attendeeMessageSchema,
    handler: async ({ params, request }) => {
      const adminId = await requirePermission(db, await auth.require(request), 'events.moderate');
      return { message: 'Approved: it goes to the attendees.', data: await approveMessage(db, adminId, params.messageId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/messages/:messageId/stop',
    summary: 'Stop a message that has not gone to everyone, or refuse one waiting for approval (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminMessageParamsSchema,
    response: attendeeMessageSchema,
    handler: async ({ params, request }) => {
      const adminId = await requirePermission(db, await auth.require(request), 'events.moderate');
      return { message: 'Stopped: nobody else receives it.', data: await stopMessageAsAdmin(db, adminId, params.messageId) };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  attendeeMessageSchema,
  audienceCountSchema,
  audienceSchema,
  eventMessagesSchema,
  messageDraftSchema,
  messageParamsSchema,
  messageRecipientsQuerySchema,
  messageRecipientsSchema,
  sendMessageSchema,
} from '../../../src/contract/attendee-messages.ts';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import type { ApiContext } from '../../api-context.ts';
import { audienceCount, listMessages, messageRecipients, sendMessage, sendTestMessage, stopMessage } from './messages.service.ts';

const tags = ['attendee-messages'];
const writers = 'Owners and managers of the event’s organisation (events.edit)';

export function messagesRoutes(app: FastifyInstance, { db, routes, auth, config }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/messages',
    summary: `The event’s messages to its attendees, newest first, with their delivery, the organisation’s rate and whether the next one waits for approval. ${writers}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    response: eventMessagesSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Messages.', data: await listMessages(db, caller.sub, params.eventId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/messages/audience',
    summary: `How many people and tickets an audience reaches now (each person counted once). ${writers}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: z.object({ audience: audienceSchema }),
    response: audienceCountSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      return { message: 'Audience.', data: await audienceCount(db, caller.sub, params.eventId, body.audience) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/messages',
    summary: `Send a message to the event’s attendees now or at a chosen time; a new or unverified organisation’s waits for an administrator. ${writers}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: eventParamsSchema,
    body: sendMessageSchema,
    response: attendeeMessageSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const message = await sendMessage(db, caller.sub, params.eventId, body);
      const said =
        message.status === 'awaiting_approval'
          ? 'Queued. An administrator reads it before it goes.'
          : message.status === 'scheduled'
            ? 'Scheduled.'
            : 'Sending.';
      return { message: said, data: message };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/messages/test',
    summary: `Send the message, marked as a test, to yourself alone (10 an hour). ${writers}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
    params: eventParamsSchema,
    body: messageDraftSchema,
    response: z.object({ to: z.string() }),
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const sent = await sendTestMessage(db, caller.sub, params.eventId, body, config.publicOrigin);
      return { message: `A test is on its way to ${sent.to}.`, data: sent };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/messages/:messageId/stop',
    summary: `Stop a message that has not gone to everyone: nobody else receives it. ${writers}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: messageParamsSchema,
    response: attendeeMessageSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Stopped.', data: await stopMessage(db, caller.sub, params.eventId, params.messageId) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/messages/:messageId/recipients',
    summary: `The people a message goes to, by address, with how each one’s mail went (sent, bounced, failed, waiting). ${writers}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: messageParamsSchema,
    query: messageRecipientsQuerySchema,
    response: messageRecipientsSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Recipients.', data: await messageRecipients(db, caller.sub, params.eventId, params.messageId, query) };
    },
  });
}

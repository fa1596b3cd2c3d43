import type { FastifyInstance } from 'fastify';
import {
  adminEventPageSchema,
  adminEventParamsSchema,
  adminEventRowSchema,
  adminEventsQuerySchema,
  featureEventSchema,
  moderateEventSchema,
} from '../../../src/contract/admin-sales.ts';
import type { ApiContext } from '../../api-context.ts';
import { featureEvent, listEvents, moderateEvent } from './admin-events.service.ts';

const tags = ['admin'];

/** The admin console's events: every event with its sales; moderate one or feature it. */
export function adminEventsRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/events',
    summary: 'Every event with its status and sales, newest first (events.moderate)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminEventsQuerySchema,
    response: adminEventPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Events.',
      data: await listEvents(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/events/:eventId/moderation',
    summary: 'Unpublish, suspend or lift the suspension of an event with a reason its organiser receives (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminEventParamsSchema,
    body: moderateEventSchema,
    response: adminEventRowSchema,
    handler: async ({ params, body, request }) => ({
      message: 'Done. The organiser is told by email.',
      data: await moderateEvent(db, await auth.require(request), params.eventId, body),
    }),
  });

  routes.add(app, {
    method: 'PUT',
    url: '/admin/events/:eventId/featured',
    summary: 'Feature a published event on the home page (shown first), or stop (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminEventParamsSchema,
    body: featureEventSchema,
    response: adminEventRowSchema,
    handler: async ({ params, body, request }) => ({
      message: body.featured ? 'The event is featured.' : 'The event is no longer featured.',
      data: await featureEvent(db, await auth.require(request), params.eventId, body.featured),
    }),
  });
}

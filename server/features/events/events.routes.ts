import type { FastifyInstance } from 'fastify';
import { catalogueQuerySchema, catalogueSchema } from '../../../src/contract/catalogue.ts';
import {
  createEventSchema,
  eventListQuerySchema,
  eventListSchema,
  eventParamsSchema,
  eventSchema,
  organizerEventListSchema,
  updateEventSchema,
} from '../../../src/contract/events.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { listCatalogue } from './catalogue.service.ts';
import {
  cancelEvent,
  changeEvent,
  createEvent,
  getEvent,
  listOrganizationEvents,
  listPublicEvents,
  publishEvent,
  unpublishEvent,
} from './events.service.ts';

const tags = ['events'];

export function eventsRoutes(app: FastifyInstance, { db, config, routes, auth, images }: ApiContext): void {
  const deps = { db, images };

  routes.add(app, {
    method: 'GET',
    url: '/events',
    summary: 'Published events: upcoming unless asked otherwise; search, filters, pages',
    tags,
    auth: 'none',
    query: eventListQuerySchema,
    response: eventListSchema,
    handler: async ({ query }) => ({ message: 'Events.', data: await listPublicEvents(deps, query) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/catalogue',
    summary: 'Every published event not yet over, soonest first: category, days and words; pages cut by event (after/before)',
    tags,
    auth: 'none',
    query: catalogueQuerySchema,
    response: catalogueSchema,
    handler: async ({ query }) => ({ message: 'Events.', data: await listCatalogue(deps, query) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId',
    summary: 'One event with its ticket types (drafts for their organisation only)',
    tags,
    auth: 'optional',
    params: eventParamsSchema,
    response: eventSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.optional(request);
      return { message: 'Event.', data: await getEvent(deps, params.eventId, caller?.sub ?? null) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events',
    summary: 'Create a draft event with its ticket types',
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN'],
    body: createEventSchema,
    response: eventSchema,
    handler: async ({ body, request }) => {
      const caller = await auth.require(request);
      return { message: 'Draft saved.', data: await createEvent(deps, caller.sub, body) };
    },
  });

  routes.add(app, {
    method: 'PATCH',
    url: '/events/:eventId',
    summary: 'Change an event; ticket types given replace the current ones (matched by id)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: eventParamsSchema,
    body: updateEventSchema,
    response: eventSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      return { message: 'Changes saved.', data: await changeEvent(deps, caller.sub, params.eventId, body) };
    },
  });

  const transitions = [
    { path: 'publish', run: publishEvent, message: 'The event is published.', errors: ['FORBIDDEN', 'CONFLICT'] },
    { path: 'unpublish', run: unpublishEvent, message: 'The event is back in draft.', errors: ['FORBIDDEN', 'CONFLICT'] },
    { path: 'cancel', run: cancelEvent, message: 'The event is cancelled.', errors: ['FORBIDDEN'] },
  ] as const;
  for (const transition of transitions) {
    routes.add(app, {
      method: 'POST',
      url: `/events/:eventId/${transition.path}`,
      summary: `${transition.path[0]?.toUpperCase()}${transition.path.slice(1)} an event`,
      tags,
      auth: 'required',
      whileActing: 'refused',
      errors: transition.errors,
      params: eventParamsSchema,
      response: eventSchema,
      handler: async ({ params, request }) => {
        const caller = await auth.require(request);
        const data = await transition.run(deps, caller.sub, params.eventId, config.publicOrigin);
        return { message: transition.message, data };
      },
    });
  }

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/events',
    summary: 'Every event of an organisation, any status, for its members',
    tags,
    auth: 'required',
    params: organizationParamsSchema,
    query: eventListQuerySchema,
    response: organizerEventListSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return {
        message: 'Events.',
        data: await listOrganizationEvents(deps, caller.sub, params.organizationId, { ...query, includePast: true }),
      };
    },
  });
}

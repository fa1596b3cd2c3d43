import type { FastifyInstance } from 'fastify';
import { bookmarkListSchema, bookmarkStateSchema } from '../../../src/contract/bookmarks.ts';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import type { ApiContext } from '../../api-context.ts';
import { bookmarkEvent, listBookmarks, unbookmarkEvent } from './bookmarks.service.ts';

const tags = ['bookmarks'];

export function bookmarksRoutes(app: FastifyInstance, { db, routes, auth, images }: ApiContext): void {
  const deps = { db, images };
  routes.add(app, {
    method: 'GET',
    url: '/bookmarks',
    summary: 'The signed-in user’s bookmarked events, past ones marked',
    tags,
    auth: 'required',
    response: bookmarkListSchema,
    handler: async ({ request }) => {
      const caller = await auth.require(request);
      return { message: 'Bookmarks.', data: { items: await listBookmarks(deps, caller.sub) } };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/bookmarks/:eventId',
    summary: 'Bookmark an event (idempotent)',
    tags,
    auth: 'required',
    whileActing: { allowed: 'A bookmark only the user sees: support may save one while showing them around.' },
    params: eventParamsSchema,
    response: bookmarkStateSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await bookmarkEvent(deps, caller.sub, params.eventId);
      return { message: 'Saved to your bookmarks.', data: { eventId: params.eventId, bookmarked: true } };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/bookmarks/:eventId',
    summary: 'Remove a bookmark (idempotent)',
    tags,
    auth: 'required',
    whileActing: { allowed: 'A bookmark only the user sees: support may remove one while showing them around.' },
    params: eventParamsSchema,
    response: bookmarkStateSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await unbookmarkEvent(deps, caller.sub, params.eventId);
      return { message: 'Removed from your bookmarks.', data: { eventId: params.eventId, bookmarked: false } };
    },
  });
}

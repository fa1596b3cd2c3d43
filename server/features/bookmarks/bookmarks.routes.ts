import type { FastifyInstance } from 'fastify';
import { bookmarkListSchema, bookmarkStateSchema } from '../../../src/contract/bookmarks.ts';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import type { ApiContext } from '../../api-context.ts';
import { notFound } from '../../lib/http-error.ts';
import { toEventSummary } from '../events/event-view.ts';
import { findEventRow } from '../events/events.repository.ts';
import { addBookmark, bookmarkedEvents, removeBookmark } from './bookmarks.repository.ts';

const tags = ['bookmarks'];

export function bookmarksRoutes(app: FastifyInstance, { db, routes, auth, images }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/bookmarks',
    summary: 'The signed-in user’s bookmarked events, past ones marked',
    tags,
    auth: 'required',
    response: bookmarkListSchema,
    handler: async ({ request }) => {
      const caller = await auth.require(request);
      const now = Date.now();
      const rows = await bookmarkedEvents(db, caller.sub);
      const items = rows.map((row) => ({
        event: toEventSummary(row, images.url),
        bookmarkedAt: new Date(row.bookmarked_at).toISOString(),
        past: new Date(row.ends_at).getTime() < now,
      }));
      return { message: 'Bookmarks.', data: { items } };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/bookmarks/:eventId',
    summary: 'Bookmark an event (idempotent)',
    tags,
    auth: 'required',
    params: eventParamsSchema,
    response: bookmarkStateSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const event = await findEventRow(db, params.eventId);
      if (!event || event.status === 'draft') throw notFound('That event');
      await addBookmark(db, caller.sub, params.eventId);
      return { message: 'Saved to your bookmarks.', data: { eventId: params.eventId, bookmarked: true } };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/bookmarks/:eventId',
    summary: 'Remove a bookmark (idempotent)',
    tags,
    auth: 'required',
    params: eventParamsSchema,
    response: bookmarkStateSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await removeBookmark(db, caller.sub, params.eventId);
      return { message: 'Removed from your bookmarks.', data: { eventId: params.eventId, bookmarked: false } };
    },
  });
}

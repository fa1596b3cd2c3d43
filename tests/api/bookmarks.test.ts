import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('bookmarks', () => {
  it('are added and removed idempotently and listed with past events marked', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const upcoming = await publishedEvent(api.app, organiser, { title: 'Upcoming Gig' });
    const ended = await publishedEvent(api.app, organiser, { title: 'Ended Gig' });
    await api.database.db
      .updateTable('events')
      .set({ starts_at: new Date(inDays(-3)), ends_at: new Date(inDays(-3, 23)) })
      .where('id', '=', ended.id)
      .execute();
    const fan = await signedInAccount(api.app, api.database.db);
    const put = (id: string) => api.app.inject({ method: 'PUT', url: `/api/bookmarks/${id}`, headers: fan.bearer });
    expect((await put(upcoming.id)).json().data).toEqual({ eventId: upcoming.id, bookmarked: true });
    expect((await put(upcoming.id)).statusCode).toBe(200);
    await put(ended.id);

    const list = (await api.app.inject({ method: 'GET', url: '/api/bookmarks', headers: fan.bearer })).json().data.items;
    expect(list.map((item: { event: { title: string }; past: boolean }) => [item.event.title, item.past])).toEqual([
      ['Ended Gig', true],
      ['Upcoming Gig', false],
    ]);

    const removed = () => api.app.inject({ method: 'DELETE', url: `/api/bookmarks/${upcoming.id}`, headers: fan.bearer });
    expect((await removed()).json().data.bookmarked).toBe(false);
    expect((await removed()).statusCode).toBe(200);
  });

  it('belong to their owner, need sign-in, and cannot point at drafts', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const draft = (
      await api.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: organiser.bearer,
        payload: eventBody(organiser.organizationId),
      })
    ).json().data;
    const fan = await signedInAccount(api.app, api.database.db);
    expect((await api.app.inject({ method: 'PUT', url: `/api/bookmarks/${draft.id}`, headers: fan.bearer })).statusCode).toBe(
      404,
    );
    expect((await api.app.inject({ method: 'PUT', url: `/api/bookmarks/${draft.id}` })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'PUT', url: '/api/bookmarks/not-a-uuid', headers: fan.bearer })).statusCode).toBe(400);
    const other = await signedInAccount(api.app, api.database.db);
    const published = await publishedEvent(api.app, organiser);
    await api.app.inject({ method: 'PUT', url: `/api/bookmarks/${published.id}`, headers: fan.bearer });
    expect((await api.app.inject({ method: 'GET', url: '/api/bookmarks', headers: other.bearer })).json().data.items).toEqual([]);
  });
});

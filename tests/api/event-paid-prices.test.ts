import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidTicketsNeedVerification } from '../../src/contract/verification.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const verificationNeeded = paidTicketsNeedVerification;
const free = { name: 'Community', price: 0, currency: 'GBP', capacity: 50 };

async function unverifiedOrganizer() {
  const account = await signedInAccount(api.app, db(), { userType: 'organiser', organizationName: 'New Kids' });
  return { ...account, organizationId: account.user.organizationId as string };
}

const patch = (eventId: string, bearer: Record<string, string>, payload: object) =>
  api.app.inject({ method: 'PATCH', url: `/api/events/${eventId}`, headers: bearer, payload });

const prices = async (eventId: string) =>
  (await db().selectFrom('ticket_types').select('price').where('event_id', '=', eventId).orderBy('sort_order').execute()).map(
    (type) => type.price,
  );

describe('an unverified organisation’s published event', () => {
  it('cannot be given a paid price, on a type it has or a type added, hidden or not; it stays free', async () => {
    const organiser = await unverifiedOrganizer();
    const event = await publishedEvent(api.app, organiser, { ticketTypes: [free] });
    const [type] = (await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().data.ticketTypes;

    const raised = await patch(event.id, organiser.bearer, { ticketTypes: [{ ...free, id: type.id, price: 500 }] });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toEqual({
      httpStatus: 'CONFLICT',
      message: `${verificationNeeded} Until then, the tickets of a published event stay free.`,
      errors: [{ path: 'body.ticketTypes.0.price', message: verificationNeeded }],
    });

    const added = await patch(event.id, organiser.bearer, {
      title: 'Now with a paid tier',
      ticketTypes: [
        { ...free, id: type.id },
        { name: 'Supporter', price: 1000, currency: 'GBP', capacity: 10 },
        { name: 'Backstage', price: 2500, currency: 'GBP', capacity: 5, hidden: true },
      ],
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'body.ticketTypes.1.price',
      'body.ticketTypes.2.price',
    ]);
    expect(await prices(event.id)).toEqual([0]);
    const read = (await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().data;
    expect(read.title).toBe('Late Night Jazz at the Docks');
  });

  it('can still change its free tickets and everything else', async () => {
    const organiser = await unverifiedOrganizer();
    const event = await publishedEvent(api.app, organiser, { ticketTypes: [free] });
    const changed = await patch(event.id, organiser.bearer, {
      title: 'Community Night, second edition',
      ticketTypes: [free, { name: 'Volunteers', price: 0, currency: 'GBP', capacity: 5 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(await prices(event.id)).toEqual([0, 0]);
  });

  it('may carry paid prices in draft, where publishing is what refuses them', async () => {
    const organiser = await unverifiedOrganizer();
    const event = await publishedEvent(api.app, organiser, { ticketTypes: [free] });
    await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/unpublish`, headers: organiser.bearer });
    expect((await patch(event.id, organiser.bearer, { ticketTypes: [{ ...free, price: 800 }] })).statusCode).toBe(200);
    const published = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/publish`, headers: organiser.bearer });
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toBe(verificationNeeded);
  });

  it('never goes on sale with a paid price saved to its draft while it is being published', async () => {
    const organiser = await unverifiedOrganizer();
    for (let round = 0; round < 6; round += 1) {
      const draft = await api.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: organiser.bearer,
        payload: eventBody(organiser.organizationId, { ticketTypes: [free] }),
      });
      const eventId = draft.json().data.id as string;
      await Promise.all([
        patch(eventId, organiser.bearer, { ticketTypes: [{ ...free, price: 700 }] }),
        api.app.inject({ method: 'POST', url: `/api/events/${eventId}/publish`, headers: organiser.bearer }),
      ]);
      const row = await db().selectFrom('events').select('status').where('id', '=', eventId).executeTakeFirstOrThrow();
      const paid = (await prices(eventId)).some((price) => price > 0);
      expect({ round, onSaleWithPaidPrice: row.status === 'published' && paid }).toEqual({ round, onSaleWithPaidPrice: false });
    }
  });
});

describe('a verified organisation’s published event', () => {
  it('takes new prices and new paid types', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser, { ticketTypes: [free] });
    const changed = await patch(event.id, organiser.bearer, {
      ticketTypes: [
        { ...free, price: 300 },
        { name: 'Supporter', price: 1000, currency: 'GBP', capacity: 10 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(await prices(event.id)).toEqual([300, 1000]);
  });
});

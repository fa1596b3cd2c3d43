import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, post } from '../fixtures/accounts.ts';
import { eventBody, verifiedOrganizer } from '../fixtures/events.ts';
import { eventOnSale, newBuyer, orderBody, placeOrder, sandboxWebhook } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const nul = 'Text cannot contain the NUL character (U+0000).';

/** The answer must be a 400 naming exactly these fields. */
function expectRefused(response: { statusCode: number; json(): unknown }, paths: string[]) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { httpStatus: string; message: string; errors: { path: string }[] };
  expect(body.httpStatus).toBe('BAD_REQUEST');
  expect(body.message).toBe('Some of the text sent contains characters that cannot be saved.');
  expect(body.errors.map((error) => error.path)).toEqual(paths);
}

describe('text with a NUL character (U+0000)', () => {
  it('in a search is refused with the field named, for anyone', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/events?q=%00' });
    expectRefused(response, ['query.q']);
    expect(response.json().errors[0].message).toBe(nul);
  });

  it('in a buyer’s name is refused before any order is placed', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const body = orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }], {
      ...newBuyer(),
      name: 'Grace\u0000Hopper',
    });
    expectRefused(await placeOrder(api.app, body), ['body.buyer.name']);
    expect(await db().selectFrom('orders').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
  });

  it('at sign-up is refused and no account is made', async () => {
    const account = newAccount({ firstName: '\u0000' });
    expectRefused(await post(api.app, '/auth/signUp', account), ['body.firstName']);
    expect(await db().selectFrom('users').select('id').where('email', '=', account.email).execute()).toEqual([]);
  });

  it('deep in an event’s ticket types, or in a field the route ignores, is refused with every field named', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const body = eventBody(organiser.organizationId, {
      venue: { ...(eventBody('').venue as object), city: 'Bri\u0000stol' },
      ticketTypes: [{ name: 'Standard', price: 0, currency: 'GBP', capacity: 5, description: 'x\u0000' }],
      notInTheSchema: { deeper: ['\u0000'] },
    });
    const response = await api.app.inject({ method: 'POST', url: '/api/events', headers: organiser.bearer, payload: body });
    expectRefused(response, ['body.venue.city', 'body.ticketTypes.0.description', 'body.notInTheSchema.deeper.0']);
  });

  it('in a path, an organisation’s or a user’s change is refused with the field named', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    expectRefused(await api.app.inject({ method: 'GET', url: '/api/events/%00' }), ['params.eventId']);
    const organisation = await api.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${organiser.organizationId}`,
      headers: organiser.bearer,
      payload: { name: 'Dock\u0000side' },
    });
    expectRefused(organisation, ['body.name']);
    const user = await api.app.inject({
      method: 'PATCH',
      url: `/api/users/${organiser.user.id}`,
      headers: organiser.bearer,
      payload: { lastName: 'Love\u0000lace' },
    });
    expectRefused(user, ['body.lastName']);
  });

  it('sent to a webhook with a valid signature is refused without a 500', async () => {
    const body = JSON.stringify({ id: 'evt_\u0000', type: 'checkout.session.completed', data: { object: {} } });
    const signed = await sandboxWebhook(api.app, api.config.jwtSecret, body);
    expectRefused(signed, ['body.id']);
  });

  it('in an image link is refused without a 500', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/uploads/file/a%00b.png?expires=%00&signature=%00' });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().httpStatus).toMatch(/FORBIDDEN|NOT_FOUND|BAD_REQUEST/);
  });
});

describe('text with half of a surrogate pair', () => {
  it('is refused with the field named, as the database’s JSON cannot hold it', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(newAccount()).replace('"Ada"', '"Ada \\ud800"'),
    });
    expectRefused(response, ['body.firstName']);
  });
});

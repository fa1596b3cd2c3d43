import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedHolds } from '../../server/features/orders/order-lifecycle.service.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { eventWithSharedPlaces, newQuota, quotaCounts, quotasUrl } from '../fixtures/capacity.ts';
import {
  checkoutEvent,
  heldOrder,
  lapseHold,
  lineAddress,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  readOrder,
  sandboxWebhook,
  sessionIdOf,
  soldAndHeld,
  ticketTypes,
} from '../fixtures/orders.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Capacity shared across ticket types (decision 061): an organiser's quotas, what buyers see and are refused, and the
// counts every path that takes or gives back stock keeps exact.

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

let lines = 3000;
const nextLine = () => {
  lines += 1;
  return lineAddress(lines);
};
const buy = (eventId: string, items: { ticketTypeId: string; quantity: number }[]) =>
  placeOrder(api.app, orderBody(eventId, items), { remoteAddress: nextLine() });
const hold = (eventId: string, items: { ticketTypeId: string; quantity: number }[]) =>
  heldOrder(api.app, orderBody(eventId, items), {}, nextLine());
async function paid(eventId: string, items: { ticketTypeId: string; quantity: number }[]): Promise<OrderView> {
  const order = await hold(eventId, items);
  expect((await paySandbox(api.app, order)).json().data.outcome).toBe('succeeded');
  return { ...((await readOrder(api.app, order)).json().data as OrderView), accessToken: order.accessToken };
}
const available = async (eventId: string) =>
  Object.fromEntries((await ticketTypes(api.app, eventId)).map((type) => [type.name, type.available]));

describe('an organiser’s shared places', () => {
  it('are made, listed with what is sold, held and left, changed and deleted, each change in the audit log', async () => {
    const sale = await eventWithSharedPlaces(api.app, db(), { shared: 300 });
    const { organiser, event, early, standard } = sale;
    const order = await paid(event.id, [{ ticketTypeId: early, quantity: 2 }]);
    await hold(event.id, [{ ticketTypeId: standard, quantity: 3 }]);
    const venue = await newQuota(api.app, organiser, event.id, { name: 'Venue', capacity: 400, allTypes: true });

    const listed = await api.app.inject({ method: 'GET', url: quotasUrl(event.id), headers: organiser.bearer });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.items).toMatchObject([
      { name: 'Venue', allTypes: true, ticketTypeIds: [], capacity: 400, taken: 5, sold: 2, held: 3, left: 395 },
      { name: 'Floor', allTypes: false, capacity: 300, taken: 5, sold: 2, held: 3, left: 295 },
    ]);
    expect([...listed.json().data.items[1].ticketTypeIds].sort()).toEqual([early, standard].sort());
    // The organiser's list of events gives the event's capacity, not what its types add up to (2,050).
    const events = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/events`,
      headers: organiser.bearer,
    });
    expect(events.json().data.items.find((item: { id: string }) => item.id === event.id)).toMatchObject({
      capacity: 400,
      ticketsSold: 2,
    });

    const changed = await api.app.inject({
      method: 'PUT',
      url: `${quotasUrl(event.id)}/${sale.floor.id}`,
      headers: organiser.bearer,
      payload: { name: 'Standing', capacity: 250, ticketTypeIds: [standard] },
    });
    expect(changed.statusCode).toBe(200);
    // Early bird's two sold tickets left it: the places count Standard's three held ones alone.
    expect(changed.json().data).toMatchObject({ name: 'Standing', capacity: 250, taken: 3, held: 3, sold: 0, left: 247 });
    expect(await quotaCounts(db(), event.id)).toEqual({ Standing: 3, Venue: 5 });

    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `${quotasUrl(event.id)}/${venue.id}`,
      headers: organiser.bearer,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Standing: 3 });
    expect(order.tickets).toHaveLength(2);

    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'details'])
      .where('subject_type', '=', 'capacity_quota')
      .where('subject_id', 'in', [sale.floor.id, venue.id])
      .orderBy('created_at')
      .execute();
    expect(actions.map((row) => [row.action, row.subject_id])).toEqual([
      ['capacity_quota.created', sale.floor.id],
      ['capacity_quota.created', venue.id],
      ['capacity_quota.changed', sale.floor.id],
      ['capacity_quota.deleted', venue.id],
    ]);
    expect(actions[2]?.details).toMatchObject({ changed: { name: 'Standing', capacity: 250, ticketTypeIds: [standard] } });
  });

  it('answer bad settings with a sentence naming the field, and save nothing', async () => {
    const { organiser, event, early, standard } = await eventWithSharedPlaces(api.app, db(), { shared: 10 });
    await paid(event.id, [{ ticketTypeId: early, quantity: 4 }]);
    const { id: otherType } = (await eventWithSharedPlaces(api.app, db(), { shared: 10 }).then((other) => other.types))[0] as {
      id: string;
    };
    const post = (payload: object) =>
      api.app.inject({ method: 'POST', url: quotasUrl(event.id), headers: organiser.bearer, payload });
    const cases: [object, number, string, string][] = [
      [{ name: '', capacity: 10, ticketTypeIds: [early] }, 400, 'body.name', 'Give the places a name, e.g. Floor.'],
      [{ name: 'Side', capacity: -1, ticketTypeIds: [early] }, 400, 'body.capacity', 'Places are 0 or more.'],
      [{ name: 'Side', capacity: 'many', ticketTypeIds: [early] }, 400, 'body.capacity', 'Places are a whole number, e.g. 300.'],
      [{ name: 'Side', capacity: 2.5, ticketTypeIds: [early] }, 400, 'body.capacity', 'Places are a whole number, e.g. 300.'],
      [{ name: 'Side', capacity: 10 }, 400, 'body.ticketTypeIds', 'Choose the ticket types that share these places.'],
      [
        { name: 'Side', capacity: 10, ticketTypeIds: [otherType] },
        400,
        'body.ticketTypeIds',
        'Choose ticket types of this event.',
      ],
      [
        { name: 'Side', capacity: 10, ticketTypeIds: ['nope'] },
        400,
        'body.ticketTypeIds.0',
        'Choose ticket types of this event.',
      ],
      [
        { name: 'floor', capacity: 10, ticketTypeIds: [standard] },
        409,
        'body.name',
        'This event has places named floor already: choose another name.',
      ],
      [
        { name: 'Side', capacity: 3, ticketTypeIds: [early, standard] },
        409,
        'body.capacity',
        'These ticket types have 4 places sold or held for payment already: give Side at least 4.',
      ],
    ];
    for (const [payload, status, path, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors).toContainEqual({ path, message });
      if (status === 409) expect(response.json().message).toBe(message);
    }
    await newQuota(api.app, organiser, event.id, { name: 'Venue', capacity: 100, allTypes: true });
    const second = await post({ name: 'Hall', capacity: 100, allTypes: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([
      { path: 'body.allTypes', message: 'This event has its capacity already: change that one instead.' },
    ]);
    const below = await api.app.inject({
      method: 'PUT',
      url: `${quotasUrl(event.id)}/${(await db().selectFrom('capacity_quotas').select('id').where('event_id', '=', event.id).where('name', '=', 'Floor').executeTakeFirstOrThrow()).id}`,
      headers: organiser.bearer,
      payload: { name: 'Floor', capacity: 2, ticketTypeIds: [early, standard] },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toEqual([
      {
        path: 'body.capacity',
        message: 'These ticket types have 4 places sold or held for payment already: give Floor at least 4.',
      },
    ]);
    const names = await db()
      .selectFrom('capacity_quotas')
      .select(['name', 'capacity'])
      .where('event_id', '=', event.id)
      .orderBy('name')
      .execute();
    expect(names).toEqual([
      { name: 'Floor', capacity: 10 },
      { name: 'Venue', capacity: 100 },
    ]);
  });

  it('are for the event’s owners and managers: finance and door staff are refused, other organisations told nothing', async () => {
    const { organiser, event, floor } = await eventWithSharedPlaces(api.app, db(), { shared: 10 });
    const manager = await teamMember(api.app, db(), organiser, 'manager');
    const finance = await teamMember(api.app, db(), organiser, 'finance');
    const stranger = await eventWithSharedPlaces(api.app, db(), { shared: 10 });
    expect((await api.app.inject({ method: 'GET', url: quotasUrl(event.id), headers: manager.bearer })).statusCode).toBe(200);
    const refused = await api.app.inject({ method: 'GET', url: quotasUrl(event.id), headers: finance.bearer });
    expect(refused.statusCode).toBe(403);
    const hidden = await api.app.inject({
      method: 'PUT',
      url: `${quotasUrl(event.id)}/${floor.id}`,
      headers: stranger.organiser.bearer,
      payload: { name: 'Floor', capacity: 1, ticketTypeIds: [] },
    });
    expect(hidden.statusCode).toBe(404);
    // A quota of another event, reached through this one, is not found either.
    const crossed = await api.app.inject({
      method: 'DELETE',
      url: `${quotasUrl(event.id)}/${stranger.floor.id}`,
      headers: organiser.bearer,
    });
    expect(crossed.statusCode).toBe(404);
  });
});

describe('buyers of types that share places', () => {
  it('see the least of each type’s own tickets and its places left, and sold out once the places are gone', async () => {
    const { organiser, event, early, standard } = await eventWithSharedPlaces(api.app, db(), {
      shared: 12,
      ownCapacity: 10,
      eventCapacity: 20,
      title: `Quota Night ${randomUUID().slice(0, 8)}`,
    });
    expect(await available(event.id)).toEqual({ 'Early bird': 10, Standard: 10, Balcony: 20 });
    await hold(event.id, [{ ticketTypeId: early, quantity: 5 }]);
    expect(await available(event.id)).toEqual({ 'Early bird': 5, Standard: 7, Balcony: 15 });
    await hold(event.id, [{ ticketTypeId: standard, quantity: 7 }]);
    // The organisation sees what each type's own capacity has sold or held (its editor keeps such a type); buyers do not.
    const editors = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: organiser.bearer });
    expect(editors.json().data.ticketTypes.map((type: { taken: number | null }) => type.taken)).toEqual([5, 7, 0]);
    const types = await ticketTypes(api.app, event.id);
    expect(types.map((type) => (type as unknown as { taken: number | null }).taken)).toEqual([null, null, null]);
    expect(types.map((type) => [type.name, type.available, (type as unknown as { onSale: boolean }).onSale])).toEqual([
      ['Early bird', 0, false],
      ['Standard', 0, false],
      ['Balcony', 8, true],
    ]);
    await hold(event.id, [{ ticketTypeId: (types[2] as { id: string }).id, quantity: 8 }]);
    const page = (await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().data;
    expect(page.soldOut).toBe(true);
    const cards = await api.app.inject({ method: 'GET', url: `/api/events?q=${encodeURIComponent(event.title)}&pageSize=50` });
    const card = cards.json().data.items.find((item: { id: string }) => item.id === event.id);
    expect(card.soldOut).toBe(true);
  });

  it('are refused at the first full quota with a sentence naming it, and nothing is held', async () => {
    const { event, early, standard, balcony } = await eventWithSharedPlaces(api.app, db(), {
      shared: 5,
      eventCapacity: 8,
    });
    await hold(event.id, [{ ticketTypeId: early, quantity: 2 }]);
    const tooMany = await buy(event.id, [{ ticketTypeId: standard, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 3 places are left across Early bird and Standard.');
    await hold(event.id, [{ ticketTypeId: standard, quantity: 3 }]);
    const gone = await buy(event.id, [{ ticketTypeId: early, quantity: 1 }]);
    expect(gone.json().message).toBe('Early bird and Standard are sold out.');
    await hold(event.id, [{ ticketTypeId: balcony, quantity: 2 }]);
    const venue = await buy(event.id, [{ ticketTypeId: balcony, quantity: 2 }]);
    expect(venue.json().message).toBe('Only 1 place is left at this event.');
    const mixed = await buy(event.id, [
      { ticketTypeId: balcony, quantity: 1 },
      { ticketTypeId: standard, quantity: 1 },
    ]);
    expect(mixed.json().message).toBe('Early bird and Standard are sold out.');
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 5, Venue: 7 });
    expect(await soldAndHeld(db(), balcony)).toMatchObject({ held: 2, sold: 0 });
  });

  it('get the places of holds that lapsed: the refusal settles them first, once', async () => {
    const { event, early, standard } = await eventWithSharedPlaces(api.app, db(), { shared: 4 });
    const lapsed = await hold(event.id, [{ ticketTypeId: early, quantity: 4 }]);
    await lapseHold(db(), lapsed.id);
    const response = await buy(event.id, [{ ticketTypeId: standard, quantity: 3 }]);
    expect(response.statusCode).toBe(201);
    expect((await readOrder(api.app, lapsed)).json().data.status).toBe('expired');
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 3 });
  });
});

describe('every way stock comes back keeps each quota’s count exact', () => {
  async function adminWith(permissions: ('orders.refund' | 'tickets.void')[]) {
    const account = await signedInAccount(api.app, db(), { firstName: 'Quinn', lastName: 'Quota' });
    await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
    await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
    await groupInDb(db(), permissions, [account.authId]);
    return account;
  }

  it('a hold given up, lapsed and swept, a refund, a void, a reissue and a late payment', async () => {
    const { organiser, event, early, standard } = await eventWithSharedPlaces(api.app, db(), {
      shared: 10,
      eventCapacity: 30,
    });
    const givenUp = await hold(event.id, [{ ticketTypeId: early, quantity: 2 }]);
    const released = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${givenUp.id}/release?token=${givenUp.accessToken}`,
    });
    expect(released.statusCode).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 0, Venue: 0 });

    const swept = await hold(event.id, [
      { ticketTypeId: early, quantity: 1 },
      { ticketTypeId: standard, quantity: 2 },
    ]);
    await lapseHold(db(), swept.id);
    expect(await expireLapsedHolds(db(), { eventId: event.id })).toBe(1);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 0, Venue: 0 });

    const bought = await paid(event.id, [
      { ticketTypeId: early, quantity: 2 },
      { ticketTypeId: standard, quantity: 2 },
    ]);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 4, Venue: 4 });
    const [first, second, third] = bought.tickets.map((ticket) => ticket.id) as [string, string, string];
    const refunded = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${bought.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [first] },
    });
    expect(refunded.statusCode).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 3, Venue: 3 });

    // A void keeps the place taken until the ticket's money goes back; a reissue changes only the holder's name.
    const admin = await adminWith(['orders.refund', 'tickets.void']);
    const call = (url: string, payload: object, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...admin.bearer, ...headers }, payload });
    expect((await call(`/admin/tickets/${second}/void`, { reason: 'Reported stolen.' })).statusCode).toBe(200);
    expect(
      (await call(`/admin/tickets/${third}/reissue`, { holderName: 'Ada Byron', reason: 'Name misspelt.' })).statusCode,
    ).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 3, Venue: 3 });
    const voidRefund = await call(
      `/admin/orders/${bought.id}/refunds`,
      { ticketIds: [second], reason: 'Stolen.' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(voidRefund.statusCode).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 2, Venue: 2 });

    // A payment after the hold lapsed is honoured while the places are there, and takes them again.
    const late = await hold(event.id, [{ ticketTypeId: standard, quantity: 3 }]);
    await lapseHold(db(), late.id);
    await expireLapsedHolds(db(), { eventId: event.id });
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 2, Venue: 2 });
    const capture = checkoutEvent('checkout.session.completed', {
      sessionId: sessionIdOf(late),
      orderId: late.id,
      amount: late.total,
    });
    expect((await sandboxWebhook(api.app, api.config.jwtSecret, capture)).json().data.outcome).toBe('paid_late');
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 5, Venue: 5 });
    expect(await soldAndHeld(db(), standard)).toMatchObject({ held: 0 });
  });

  it('a late payment is refunded when its type still has tickets but its shared places went meanwhile', async () => {
    const { event, early, standard } = await eventWithSharedPlaces(api.app, db(), { shared: 3 });
    const late = await hold(event.id, [{ ticketTypeId: early, quantity: 2 }]);
    await lapseHold(db(), late.id);
    await paid(event.id, [{ ticketTypeId: standard, quantity: 3 }]);
    const capture = checkoutEvent('checkout.session.completed', {
      sessionId: sessionIdOf(late),
      orderId: late.id,
      amount: late.total,
    });
    expect((await sandboxWebhook(api.app, api.config.jwtSecret, capture)).json().data.outcome).toBe('refunded_late');
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 3 });
    expect(await soldAndHeld(db(), early)).toMatchObject({ sold: 0, held: 0 });
  });

  it('a cancelled event gives every place back', async () => {
    const { organiser, event, early, standard, balcony } = await eventWithSharedPlaces(api.app, db(), {
      shared: 10,
      eventCapacity: 20,
    });
    await paid(event.id, [{ ticketTypeId: early, quantity: 2 }]);
    await hold(event.id, [
      { ticketTypeId: standard, quantity: 1 },
      { ticketTypeId: balcony, quantity: 3 },
    ]);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 3, Venue: 6 });
    const cancelled = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/cancel`, headers: organiser.bearer });
    expect(cancelled.statusCode).toBe(200);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 0, Venue: 0 });
  });

  it('types added to and removed from shared places, and a type removed from the event, are counted again', async () => {
    const { organiser, event, early, standard, balcony, floor } = await eventWithSharedPlaces(api.app, db(), {
      shared: 20,
      eventCapacity: 40,
    });
    await paid(event.id, [{ ticketTypeId: balcony, quantity: 4 }]);
    await hold(event.id, [{ ticketTypeId: early, quantity: 1 }]);
    const put = (ticketTypeIds: string[], capacity = 20) =>
      api.app.inject({
        method: 'PUT',
        url: `${quotasUrl(event.id)}/${floor.id}`,
        headers: organiser.bearer,
        payload: { name: 'Floor', capacity, ticketTypeIds },
      });
    expect((await put([early, standard, balcony])).json().data).toMatchObject({ taken: 5, sold: 4, held: 1 });
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 5, Venue: 5 });
    expect((await put([standard, balcony])).json().data).toMatchObject({ taken: 4 });
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 4, Venue: 5 });

    // Standard (nothing taken) removed from the event: the quotas lose it, their counts stay exact.
    const event0 = (await api.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: organiser.bearer })).json()
      .data;
    const kept = event0.ticketTypes.filter((type: { id: string }) => type.id !== standard);
    const saved = await api.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: organiser.bearer,
      payload: { ticketTypes: kept.map(({ available: _a, onSale: _o, ...type }: Record<string, unknown>) => type) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await api.app.inject({ method: 'GET', url: quotasUrl(event.id), headers: organiser.bearer })).json().data
      .items;
    expect(after.find((quota: { name: string }) => quota.name === 'Floor').ticketTypeIds).toEqual([balcony]);
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 4, Venue: 5 });
  });
});

describe('orders priced before the quotas changed', () => {
  it('are priced again, and lock the places they now share', async () => {
    const { organiser, event, early, standard } = await eventWithSharedPlaces(api.app, db(), { shared: 100 });
    // Kept by this instance with no event capacity yet.
    expect((await buy(event.id, [{ ticketTypeId: early, quantity: 1 }])).statusCode).toBe(201);
    await newQuota(api.app, organiser, event.id, { name: 'Venue', capacity: 2, allTypes: true });
    const refused = await buy(event.id, [{ ticketTypeId: standard, quantity: 2 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only 1 place is left at this event.');
    expect(await quotaCounts(db(), event.id)).toEqual({ Floor: 1, Venue: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedHolds } from '../../server/features/orders/order-lifecycle.service.ts';
import { renderAttachments } from '../../server/lib/mail/mail-sender.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { crowd } from '../fixtures/crowd.ts';
import { inDays } from '../fixtures/events.ts';
import {
  eventOnSale,
  heldOrder,
  lapseHold,
  lineAddress,
  newBuyer,
  type OrderView,
  orderBody,
  placeOrder,
  readOrder,
  soldAndHeld,
  ticketTypes,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const freeEvent = {
  ticketTypes: [{ name: 'Community', price: 0, currency: 'GBP', capacity: 50 }],
};

describe('the booking fee', () => {
  it('is the platform rule in force, public', async () => {
    const response = await inject('GET', '/booking-fee');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ percentBasisPoints: 250, fixed: 49, capPerTicket: 500, minPerTicket: null });
  });
});

describe('placing an order', () => {
  it('holds paid tickets for the event’s hold minutes and says where to pay', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const standard = types[0] as { id: string };
    const before = Date.now();
    const response = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard.id, quantity: 2 }]));
    expect(response.statusCode).toBe(201);
    const order = response.json().data as OrderView;
    // 2 × £15.00, fee per ticket round(1500 × 2.5%) + 49 = 87.
    expect(order).toMatchObject({ status: 'pending', subtotal: 3000, bookingFee: 174, total: 3174, tickets: [] });
    expect(order.reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(order.paymentUrl).toMatch(/^\/pay\/sandbox\/cs_test_[\w-]+$/);
    expect(order.accessToken).toEqual(expect.any(String));
    const holdMs = new Date(order.holdExpiresAt as string).getTime() - before;
    expect(holdMs).toBeGreaterThan(14 * 60_000);
    expect(holdMs).toBeLessThan(16 * 60_000);
    expect(await soldAndHeld(api.database.db, standard.id)).toMatchObject({ sold: 0, held: 2 });
    const publicView = await ticketTypes(api.app, event.id);
    expect(publicView[0]?.available).toBe(98);
  });

  it('confirms a signed-in buyer’s free order at once with signed tickets, named per attendee, and mails them', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, freeEvent);
    const community = types[0] as { id: string };
    const account = await signedInAccount(api.app, api.database.db, { firstName: 'Ada', lastName: 'Byron' });
    const buyer = { name: 'Ada Byron', email: account.account.email };
    const response = await placeOrder(
      api.app,
      {
        ...orderBody(event.id, [{ ticketTypeId: community.id, quantity: 2 }], buyer),
        attendees: [{ ticketTypeId: community.id, name: 'Charles Babbage' }],
      },
      { headers: account.bearer },
    );
    expect(response.statusCode).toBe(201);
    const order = response.json().data as OrderView;
    expect(order).toMatchObject({ status: 'paid', total: 0, bookingFee: 0, paymentUrl: null, holdExpiresAt: null });
    expect(order.tickets.map((ticket) => ticket.holderName)).toEqual(['Charles Babbage', 'Ada Byron']);
    for (const ticket of order.tickets) expect(ticket.code).toMatch(/^AD1[0-9A-Z $%*+\-./:]+$/);
    expect(await soldAndHeld(api.database.db, community.id)).toMatchObject({ sold: 2, held: 0 });

    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', buyer.email)
      .where('subject', 'like', 'Your tickets%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(order.reference);
    expect(mail.text_body).toContain('/account/bookings');
    const attachments = mail.attachments.map((attachment) => [attachment.filename, attachment.contentType, attachment.cid]);
    expect(attachments).toEqual([
      ['ticket-1.png', 'image/png', 'ticket-1@admit'],
      ['ticket-2.png', 'image/png', 'ticket-2@admit'],
      ['late-night-jazz-at-the-docks.ics', 'text/calendar; charset=utf-8', undefined],
    ]);
    expect(mail.html_body).toContain('src="cid:ticket-1@admit"');
    // QR images are drawn when the mail is sent; each carries its ticket's code.
    expect(mail.attachments.slice(0, 2).map((attachment) => attachment.qrCode)).toEqual(
      order.tickets.map((ticket) => ticket.code),
    );
    const rendered = await renderAttachments(mail.attachments);
    expect(rendered[0]?.content.subarray(1, 4).toString()).toBe('PNG');
    expect(rendered[2]?.content.toString()).toContain('BEGIN:VEVENT');
  });

  it('answers a repeat with the same Idempotency-Key with the same order, and refuses the key for another order', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const body = orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]);
    const key = randomUUID();
    const [first, second] = await Promise.all([placeOrder(api.app, body, { key }), placeOrder(api.app, body, { key })]);
    const third = await placeOrder(api.app, body, { key });
    expect([first.statusCode, second.statusCode, third.statusCode].every((code) => code === 200 || code === 201)).toBe(true);
    const ids = new Set([first, second, third].map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    expect(third.json().data.accessToken).toBe(first.json().data.accessToken);
    expect(await soldAndHeld(api.database.db, (types[0] as { id: string }).id)).toMatchObject({ held: 1 });

    const other = await placeOrder(
      api.app,
      { ...body, items: [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 2 }] },
      { key },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('Idempotency-Key was already used for a different order');
  });

  it('refuses a guest’s key sent again with another email, as it does a signed-in buyer’s, and places no second order', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const typeId = (types[0] as { id: string }).id;
    const key = randomUUID();
    const first = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]), { key });
    expect(first.statusCode).toBe(201);
    const other = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('Idempotency-Key was already used for a different order');
    const placed = await api.database.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
    expect(placed.map((row) => row.id)).toEqual([first.json().data.id]);
    expect(await soldAndHeld(api.database.db, typeId)).toMatchObject({ held: 1 });
  });

  it('needs an Idempotency-Key', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const body = orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]);
    const missing = await placeOrder(api.app, body, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'headers.idempotency-key', message: expect.stringContaining('Idempotency-Key') },
    ]);
    expect((await placeOrder(api.app, body, { key: 'short' })).statusCode).toBe(400);
  });

  it('lists every invalid field of a bad order and holds nothing', async () => {
    const response = await placeOrder(api.app, {
      eventId: 'nope',
      items: [{ ticketTypeId: 'x', quantity: 0 }],
      buyer: { name: '', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.eventId',
        'body.items.0.ticketTypeId',
        'body.items.0.quantity',
        'body.buyer.name',
        'body.buyer.email',
      ]),
    );
    for (const body of [null, { items: [] }, { eventId: randomUUID(), items: [], buyer: newBuyer() }]) {
      expect((await placeOrder(api.app, body)).statusCode).toBe(400);
    }
  });

  it('enforces each type’s minimum and maximum per order, and refuses hidden or foreign types', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [
        { name: 'Pair', price: 1000, currency: 'GBP', capacity: 100, minPerOrder: 2, maxPerOrder: 4 },
        { name: 'Crew', price: 0, currency: 'GBP', capacity: 10, hidden: true },
      ],
    });
    const pair = types.find((type) => type.name === 'Pair') as { id: string };
    const tooFew = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: pair.id, quantity: 1 }]));
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().errors).toEqual([
      { path: 'body.items.0.quantity', message: 'Choose at least 2 Pair tickets per order.' },
    ]);
    const tooMany = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: pair.id, quantity: 5 }]));
    expect(tooMany.json().errors[0].message).toBe('Choose at most 4 Pair tickets per order.');

    const crew = await api.database.db
      .selectFrom('ticket_types')
      .select('id')
      .where('event_id', '=', event.id)
      .where('hidden', '=', true)
      .executeTakeFirstOrThrow();
    const other = await eventOnSale(api.app, api.database.db);
    for (const ticketTypeId of [crew.id, (other.types[0] as { id: string }).id, randomUUID()]) {
      const response = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId, quantity: 1 }]));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('body.items.0.ticketTypeId');
    }
    const twice = await placeOrder(
      api.app,
      orderBody(event.id, [
        { ticketTypeId: pair.id, quantity: 2 },
        { ticketTypeId: pair.id, quantity: 2 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
  });

  it('sells only within each type’s sales window, and only for published events that have not ended', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [
        { name: 'Early', price: 1000, currency: 'GBP', capacity: 10, salesEnd: new Date(Date.now() + 3_600_000).toISOString() },
        { name: 'Later', price: 1000, currency: 'GBP', capacity: 10, salesStart: inDays(3) },
      ],
    });
    const later = types.find((type) => type.name === 'Later') as { id: string };
    const notYet = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: later.id, quantity: 1 }]));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('Later tickets are not on sale yet.');
    const early = types.find((type) => type.name === 'Early') as { id: string };
    await api.database.db
      .updateTable('ticket_types')
      .set({ sales_end: new Date(Date.now() - 1000) })
      .where('id', '=', early.id)
      .execute();
    const ended = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: early.id, quantity: 1 }]));
    expect(ended.json().message).toBe('Sales of Early tickets have ended.');

    const draft = await inject('POST', '/events', organiser.bearer, {
      ...(await import('../fixtures/events.ts')).eventBody(organiser.organizationId),
    });
    const draftType = draft.json().data.ticketTypes[0].id as string;
    const unpublished = await placeOrder(api.app, orderBody(draft.json().data.id, [{ ticketTypeId: draftType, quantity: 1 }]));
    expect(unpublished.statusCode).toBe(404);

    await inject('POST', `/events/${event.id}/cancel`, organiser.bearer);
    await api.database.db.updateTable('ticket_types').set({ sales_end: null }).where('id', '=', early.id).execute();
    const cancelled = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: early.id, quantity: 1 }]));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This event is cancelled.');
  });

  it('limits one buyer to 10 tickets per event across orders', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const standard = (types[0] as { id: string }).id;
    const buyer = newBuyer();
    await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 6 }], buyer));
    const more = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 5 }], buyer));
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('One buyer can have at most 10 tickets for this event; you can add 4 more.');
    const sameButShouting = { ...buyer, email: buyer.email.toUpperCase() };
    expect(
      (await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 5 }], sameButShouting))).statusCode,
    ).toBe(409);
    expect((await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 4 }], buyer))).statusCode).toBe(
      201,
    );
  });

  it('holds the per-buyer limit when one buyer orders from several tabs at once', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const standard = (types[0] as { id: string }).id;
    const buyer = newBuyer();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 4 }], buyer))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    const refused = responses.filter((response) => response.statusCode === 409).map((response) => response.json().message);
    expect(new Set(refused)).toEqual(new Set(['One buyer can have at most 10 tickets for this event; you can add 2 more.']));
    expect(await soldAndHeld(api.database.db, standard)).toMatchObject({ held: 8, sold: 0 });
  });

  it('says honestly how many are left, and sold out', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Tiny', price: 500, currency: 'GBP', capacity: 3 }],
    });
    const tiny = (types[0] as { id: string }).id;
    await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: tiny, quantity: 2 }]));
    const tooMany = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: tiny, quantity: 2 }]));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 Tiny tickets are left.');
    await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: tiny, quantity: 1 }]));
    const soldOut = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: tiny, quantity: 1 }]));
    expect(soldOut.json().message).toBe('Tiny is sold out.');
    const [view] = await ticketTypes(api.app, event.id);
    expect(view).toMatchObject({ available: 0 });
  });
});

describe('holds', () => {
  it('return to sale when they lapse: lazily before the next reservation, and by the sweeper', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Few', price: 500, currency: 'GBP', capacity: 2 }],
    });
    const few = (types[0] as { id: string }).id;
    const first = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: few, quantity: 2 }]));
    await lapseHold(api.database.db, first.id);
    const second = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: few, quantity: 2 }]));
    expect(second.status).toBe('pending');
    const expired = (await readOrder(api.app, first)).json().data;
    expect(expired).toMatchObject({ status: 'expired', paymentUrl: null, holdExpiresAt: null });
    expect(expired.failureReason).toBe('The hold on these tickets lapsed before payment.');

    await lapseHold(api.database.db, second.id);
    expect(await expireLapsedHolds(api.database.db)).toBeGreaterThanOrEqual(1);
    expect(await soldAndHeld(api.database.db, few)).toMatchObject({ sold: 0, held: 0 });
    expect(await expireLapsedHolds(api.database.db)).toBe(0);
  });

  it('end when the buyer releases the order', async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 3 }]));
    const stranger = await inject('POST', `/orders/${order.id}/release?token=wrong`);
    expect(stranger.statusCode).toBe(404);
    const released = await inject('POST', `/orders/${order.id}/release?token=${order.accessToken}`);
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ status: 'cancelled', paymentUrl: null });
    expect(await soldAndHeld(api.database.db, standard)).toMatchObject({ held: 0 });
    const again = await inject('POST', `/orders/${order.id}/release?token=${order.accessToken}`);
    expect(again.statusCode).toBe(409);
  });
});

describe('reading orders', () => {
  it('shows an order to its buyer and its organisation only', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, api.database.db);
    const buyer = await signedInAccount(api.app, api.database.db);
    const order = await heldOrder(
      api.app,
      orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }], {
        name: 'Signed In',
        email: buyer.account.email,
      }),
      buyer.bearer,
    );
    const rival = await eventOnSale(api.app, api.database.db);
    const stranger = await signedInAccount(api.app, api.database.db);
    expect((await inject('GET', `/orders/${order.id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/orders/${order.id}?token=${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await inject('GET', `/orders/${order.id}`, stranger.bearer)).statusCode).toBe(404);
    expect((await inject('GET', `/orders/${order.id}`, rival.organiser.bearer)).statusCode).toBe(404);
    expect((await inject('GET', `/orders/${order.id}?token=${order.accessToken}`)).statusCode).toBe(200);
    expect((await inject('GET', `/orders/${order.id}`, buyer.bearer)).statusCode).toBe(200);
    expect((await inject('GET', `/orders/${order.id}`, organiser.bearer)).statusCode).toBe(200);
    const read = (await inject('GET', `/orders/${order.id}`, buyer.bearer)).json().data;
    expect(read.accessToken).toBeUndefined();
    expect((await inject('GET', '/orders/not-a-uuid')).statusCode).toBe(400);
    expect((await inject('GET', `/orders/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('lists the signed-in user’s orders, made signed in or with their email, newest event first', async () => {
    const buyer = await signedInAccount(api.app, api.database.db);
    const soon = await eventOnSale(api.app, api.database.db, { startsAt: inDays(2), endsAt: inDays(2, 23) });
    const later = await eventOnSale(api.app, api.database.db, { startsAt: inDays(20), endsAt: inDays(20, 23) });
    const asGuest = await heldOrder(
      api.app,
      orderBody(soon.event.id, [{ ticketTypeId: (soon.types[0] as { id: string }).id, quantity: 1 }], {
        name: 'Guest Me',
        email: buyer.account.email,
      }),
    );
    const signedIn = await heldOrder(
      api.app,
      orderBody(later.event.id, [{ ticketTypeId: (later.types[0] as { id: string }).id, quantity: 1 }], newBuyer()),
      buyer.bearer,
    );
    const someoneElse = await heldOrder(
      api.app,
      orderBody(later.event.id, [{ ticketTypeId: (later.types[0] as { id: string }).id, quantity: 1 }]),
    );
    const mine = await inject('GET', '/orders/mine', buyer.bearer);
    expect(mine.statusCode).toBe(200);
    const ids = mine.json().data.items.map((order: { id: string }) => order.id);
    expect(ids).toEqual([signedIn.id, asGuest.id]);
    expect(ids).not.toContain(someoneElse.id);
    expect((await inject('GET', '/orders/mine')).statusCode).toBe(401);
  });
});

describe('never oversold', () => {
  // A fifth of the crowd on the embedded database, whose one connection runs them one after another (crowd.ts).
  const [capacity, buyers] = [crowd(100), crowd(500)];
  it(`sells exactly ${capacity} of ${capacity} tickets to ${buyers} buyers arriving at once`, { timeout: 120_000 }, async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Rush', price: 1000, currency: 'GBP', capacity, maxPerOrder: 3 }],
    });
    const rush = (types[0] as { id: string }).id;
    // Each person on their own line (one network's holds are limited: see order-network-limits.test.ts).
    const responses = await Promise.all(
      Array.from({ length: buyers }, (_, index) =>
        placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: rush, quantity: 1 + (index % 2) }]), {
          remoteAddress: lineAddress(index),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const held = responses
      .filter((response) => response.statusCode === 201)
      .reduce((sum, response) => sum + ((response.json().data as OrderView).items[0]?.quantity ?? 0), 0);
    expect(held).toBe(capacity);
    expect(await soldAndHeld(api.database.db, rush)).toMatchObject({ held: capacity, sold: 0 });
  });

  it('cannot be made to oversell even by writing to the database directly', async () => {
    const { types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Guarded', price: 1000, currency: 'GBP', capacity: 5 }],
    });
    const guarded = (types[0] as { id: string }).id;
    await expect(
      api.database.db.updateTable('ticket_types').set({ taken: 6 }).where('id', '=', guarded).execute(),
    ).rejects.toThrow(/ticket_types_within_capacity/);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedHolds } from '../../server/features/orders/order-lifecycle.service.ts';
import { waitingListLimits } from '../../server/features/waiting-list/waiting-list.service.ts';
import { newestMailText, signedInAccount } from '../fixtures/accounts.ts';
import { newQuota } from '../fixtures/capacity.ts';
import {
  eventOnSale,
  lapseHold,
  lineAddress,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  ticketTypes,
} from '../fixtures/orders.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import {
  byLink,
  entriesOf,
  holdEach,
  join,
  listUrl,
  mailedToken,
  openList,
  queued,
  sweep,
  takeOffer,
} from '../fixtures/waiting-list.ts';

// An event's waiting list (decision 063): who may join and when, the queue's order, offers made, taken, lapsed and
// given up, what buyers are told, and the organiser's list.

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

/** A published event of one type (£20) of `capacity` tickets, its list open, every ticket held by an order of one. */
async function soldOut(capacity: number, settings: Parameters<typeof openList>[3] = {}) {
  const sale = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: 'Standard', price: 2000, currency: 'GBP', capacity, maxPerOrder: 4 }],
  });
  const [type] = sale.types;
  if (!type) throw new Error('no type');
  await openList(api.app, sale.organiser, sale.event.id, settings);
  const holds = await holdEach(api.app, sale.event.id, type.id, capacity);
  return { ...sale, type, holds };
}

const standardOf = async (eventId: string) => {
  const [type] = await ticketTypes(api.app, eventId);
  return type as unknown as { available: number; onSale: boolean; waitingList: boolean };
};
const sweepNow = () => sweep(db(), api.config.jwtSecret);

describe('joining a waiting list', () => {
  it('is refused while tickets are on sale, offered once they are sold out, and a guest waits for the mailed link', async () => {
    const sale = await eventOnSale(api.app, db(), {
      ticketTypes: [{ name: 'Standard', price: 2000, currency: 'GBP', capacity: 2, maxPerOrder: 4 }],
    });
    const [type] = sale.types;
    if (!type) throw new Error('no type');
    // Closed until the organiser opens it.
    const closed = await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This event has no waiting list.');
    await openList(api.app, sale.organiser, sale.event.id);
    const onSale = await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id });
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json().message).toBe('Standard tickets are still on sale: book them on the event page.');
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 2, onSale: true, waitingList: false });

    await holdEach(api.app, sale.event.id, type.id, 2);
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 0, onSale: false, waitingList: true });
    const tooMany = await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id, quantity: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ path: 'body.quantity', message: 'Choose 1 to 4 Standard tickets.' }]);

    const buyer = newBuyer('Mary Jackson');
    const joined = await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id, quantity: 2, buyer });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toEqual({
      status: 'unconfirmed',
      position: null,
      email: buyer.email,
      ticketTypeName: 'Standard',
      quantity: 2,
    });
    expect(await newestMailText(db(), buyer.email)).toContain('Confirm my place');
    const token = await mailedToken(db(), buyer.email);
    expect((await byLink(api.app, 'view', token)).json().data).toMatchObject({ status: 'unconfirmed', position: null });
    // Joining again answers the place they have, without another entry.
    const again = await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id, quantity: 2, buyer });
    expect(again.statusCode).toBe(201);
    expect((await entriesOf(db(), sale.event.id)).length).toBe(1);
    // …and mails the link again, the same link.
    const confirmMails = await db().selectFrom('mail_outbox').select('text_body').where('to_address', '=', buyer.email).execute();
    expect(confirmMails.length).toBe(2);
    expect(await mailedToken(db(), buyer.email)).toBe(token);

    const confirmed = await byLink(api.app, 'confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('You are number 1 in the queue.');
    expect(confirmed.json().data).toMatchObject({
      status: 'waiting',
      position: 1,
      quantity: 2,
      offeredQuantity: null,
      event: { id: sale.event.id },
      ticketType: { id: type.id, name: 'Standard', price: 2000, currency: 'GBP' },
    });

    // A signed-in buyer's confirmed email needs no link: in the queue at once, behind the guest.
    const account = await signedInAccount(api.app, db());
    const email = account.account.email;
    const direct = await join(
      api.app,
      { eventId: sale.event.id, ticketTypeId: type.id, buyer: { name: 'Dorothy Vaughan', email } },
      account.bearer,
    );
    expect(direct.statusCode).toBe(201);
    expect(direct.json().data).toMatchObject({ status: 'waiting', position: 2 });
    expect(direct.json().message).toBe('You are number 2 in the queue for Standard.');
    expect(await newestMailText(db(), email)).toContain('You are number 2 in the queue for 1 × Standard');
  });

  // Its own budget: it may wait up to 45 s for the next hour's window to begin.
  it('mails one address at most five times an hour, however many lists it is given for', { timeout: 90_000 }, async () => {
    const sale = await eventOnSale(api.app, db(), {
      ticketTypes: Array.from({ length: 6 }, (_, index) => ({
        name: `Zone ${index + 1}`,
        price: 2000,
        currency: 'GBP',
        capacity: 1,
      })),
    });
    await openList(api.app, sale.organiser, sale.event.id);
    for (const type of sale.types) await holdEach(api.app, sale.event.id, type.id, 1);
    const victim = newBuyer('Someone Else');
    await awayFromWindowEdge(waitingListLimits.mailsPerRecipient.windowSeconds);
    const answers = [];
    for (const type of sale.types) {
      answers.push((await join(api.app, { eventId: sale.event.id, ticketTypeId: type.id, buyer: victim })).statusCode);
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    const mails = await db().selectFrom('mail_outbox').select('id').where('to_address', '=', victim.email).execute();
    expect(mails.length).toBe(5);
  });

  it('answers links that are not ours, and bad input, with a sentence', async () => {
    const forged = await byLink(api.app, 'view', `00000000-0000-4000-8000-000000000000.${'x'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe('This waiting list link is not valid: open it from the mail again.');
    const short = await byLink(api.app, 'leave', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toEqual({
      path: 'body.token',
      message: 'This link is not complete: open it from the mail again.',
    });
    const noEvent = await join(api.app, { eventId: 'not-an-id', ticketTypeId: 'x' });
    expect(noEvent.statusCode).toBe(400);
  });
});

describe('places that come back', () => {
  it('are booked with the answers the organiser asks; an offer taken with one missing is refused and stays offered', async () => {
    const sale = await soldOut(1);
    const first = await queued(api.app, db(), sale.event.id, sale.type.id, 1);
    const meal = await api.app.inject({
      method: 'POST',
      url: `/api/events/${sale.event.id}/questions`,
      headers: sale.organiser.bearer,
      payload: { label: 'Meal', kind: 'one_choice', scope: 'attendee', required: true, options: ['Fish', 'Vegetarian'] },
    });
    expect(meal.statusCode).toBe(201);
    const mealId = meal.json().data.id as string;
    await lapseHold(db(), (sale.holds[0] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    expect(await sweepNow()).toBe(1);
    const offer = { eventId: sale.event.id, ticketTypeId: sale.type.id, token: first.token, email: first.buyer.email };
    const missing = await takeOffer(api.app, offer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: `body.answers.${mealId}@0`, message: 'Answer this question.' }]);
    expect((await entriesOf(db(), sale.event.id)).map((entry) => entry.status)).toEqual(['offered']);
    const taken = await takeOffer(api.app, { ...offer, answers: [{ questionId: mealId, position: 0, value: 'Fish' }] });
    expect(taken.statusCode).toBe(201);
    const kept = await db()
      .selectFrom('order_answers')
      .select(['position', 'value'])
      .where('order_id', '=', taken.json().data.id)
      .execute();
    expect(kept).toEqual([{ position: 0, value: 'Fish' }]);
    expect((await entriesOf(db(), sale.event.id)).map((entry) => entry.status)).toEqual(['accepted']);
  });

  it('are offered down the queue, held from buyers, and booked with the offer', async () => {
    const sale = await soldOut(2);
    const first = await queued(api.app, db(), sale.event.id, sale.type.id, 1);
    const second = await queued(api.app, db(), sale.event.id, sale.type.id, 1);
    // Nothing came back yet: no offers.
    expect(await sweepNow()).toBe(0);

    await lapseHold(db(), (sale.holds[0] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    // People wait: a buyer who was not on the list cannot take the place that came back.
    const direct = await placeOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: sale.type.id, quantity: 1 }]), {
      remoteAddress: lineAddress(70_001),
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().message).toBe(
      'Standard tickets are sold out and people are waiting for them: join the waiting list to be offered places that come back.',
    );
    expect(await sweepNow()).toBe(1);
    const entries = await entriesOf(db(), sale.event.id);
    expect(entries.map((entry) => [entry.email, entry.status, entry.offered_quantity])).toEqual([
      [first.buyer.email, 'offered', 1],
      [second.buyer.email, 'waiting', null],
    ]);
    expect(await newestMailText(db(), first.buyer.email)).toContain('1 × Standard are held for you until');
    // Held for the offer: buyers see the type sold out, and the organiser sees the places held, not sold.
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 0, waitingList: true });
    const organiserView = await api.app.inject({
      method: 'GET',
      url: `/api/events/${sale.event.id}`,
      headers: sale.organiser.bearer,
    });
    expect(organiserView.json().data).toMatchObject({ ticketsSold: 0, ticketTypes: [{ taken: 2 }] });

    const view = await byLink(api.app, 'view', first.token);
    expect(view.json().data).toMatchObject({ status: 'offered', offeredQuantity: 1 });
    const wrongEmail = await takeOffer(api.app, {
      eventId: sale.event.id,
      ticketTypeId: sale.type.id,
      token: first.token,
      email: second.buyer.email,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errors).toEqual([
      { path: 'body.buyer.email', message: `Book with the email the offer was sent to (${first.buyer.email}).` },
    ]);
    const tooMany = await takeOffer(api.app, {
      eventId: sale.event.id,
      ticketTypeId: sale.type.id,
      token: first.token,
      email: first.buyer.email,
      quantity: 2,
    });
    expect(tooMany.statusCode).toBe(400);

    const taken = await takeOffer(api.app, {
      eventId: sale.event.id,
      ticketTypeId: sale.type.id,
      token: first.token,
      email: first.buyer.email,
    });
    expect(taken.statusCode).toBe(201);
    const order = taken.json().data as OrderView;
    expect(order.status).toBe('pending');
    expect((await paySandbox(api.app, order)).json().data.outcome).toBe('succeeded');
    const stock = await db().selectFrom('ticket_types').select('taken').where('id', '=', sale.type.id).executeTakeFirstOrThrow();
    expect(stock.taken).toBe(2);
    expect((await byLink(api.app, 'view', first.token)).json().data).toMatchObject({ status: 'accepted', orderId: order.id });
    const again = await takeOffer(api.app, {
      eventId: sale.event.id,
      ticketTypeId: sale.type.id,
      token: first.token,
      email: first.buyer.email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This offer has been used: its booking is in the mail we sent, or under My bookings.');
  });

  it('pass on when an offer lapses or its person leaves, and a lapsed offer is refused with a sentence', async () => {
    const sale = await soldOut(1, { offerHours: 2 });
    const first = await queued(api.app, db(), sale.event.id, sale.type.id);
    const second = await queued(api.app, db(), sale.event.id, sale.type.id);
    const third = await queued(api.app, db(), sale.event.id, sale.type.id);
    await lapseHold(db(), (sale.holds[0] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    expect(await sweepNow()).toBe(1);
    const [offered] = await entriesOf(db(), sale.event.id);
    const hours = (new Date(offered?.offer_expires_at as Date).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);

    // The offer's time runs out: it reads as lapsed at once, is refused, and passes to the next person on the sweep.
    await sql`update waiting_list_entries set offer_expires_at = now() - interval '1 minute' where email = ${first.buyer.email}`.execute(
      db(),
    );
    expect((await byLink(api.app, 'view', first.token)).json().data.status).toBe('lapsed');
    const late = await takeOffer(api.app, {
      eventId: sale.event.id,
      ticketTypeId: sale.type.id,
      token: first.token,
      email: first.buyer.email,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This offer lapsed at .+; its places passed to the next person on the waiting list\.$/);
    expect(await sweepNow()).toBe(1);
    expect((await entriesOf(db(), sale.event.id)).map((entry) => entry.status)).toEqual(['lapsed', 'offered', 'waiting']);

    // The second person does not want it: leaving passes it to the third at once.
    const left = await byLink(api.app, 'leave', second.token);
    expect(left.statusCode).toBe(200);
    expect(left.json().data.status).toBe('left');
    expect((await entriesOf(db(), sale.event.id)).map((entry) => entry.status)).toEqual(['lapsed', 'left', 'offered']);
    expect(await newestMailText(db(), third.buyer.email)).toContain('held for you until');
    const stock = await db().selectFrom('ticket_types').select('taken').where('id', '=', sale.type.id).executeTakeFirstOrThrow();
    expect(stock.taken).toBe(1);
  });

  it('offers fewer than asked when fewer came back, keeps the queue, and offers a raised capacity', async () => {
    const sale = await soldOut(2);
    const wantsTwo = await queued(api.app, db(), sale.event.id, sale.type.id, 2);
    const wantsOne = await queued(api.app, db(), sale.event.id, sale.type.id, 1);
    await lapseHold(db(), (sale.holds[0] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    expect(await sweepNow()).toBe(1);
    expect((await entriesOf(db(), sale.event.id)).map((entry) => [entry.email, entry.offered_quantity])).toEqual([
      [wantsTwo.buyer.email, 1],
      [wantsOne.buyer.email, null],
    ]);
    expect(await newestMailText(db(), wantsTwo.buyer.email)).toContain('That is 1 of the 2 you asked for');

    // The organiser raises the capacity: the next sweep offers the new place to the next person.
    const event = await api.app.inject({ method: 'GET', url: `/api/events/${sale.event.id}`, headers: sale.organiser.bearer });
    const body = event.json().data;
    const changed = await api.app.inject({
      method: 'PATCH',
      url: `/api/events/${sale.event.id}`,
      headers: sale.organiser.bearer,
      payload: {
        ticketTypes: body.ticketTypes.map((type: Record<string, unknown>) => ({
          id: type.id,
          name: type.name,
          description: type.description,
          price: type.price,
          currency: type.currency,
          capacity: 3,
          minPerOrder: type.minPerOrder,
          maxPerOrder: type.maxPerOrder,
          salesStart: type.salesStart,
          salesEnd: type.salesEnd,
          hidden: type.hidden,
        })),
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await sweepNow()).toBe(1);
    expect((await entriesOf(db(), sale.event.id)).map((entry) => entry.status)).toEqual(['offered', 'offered']);
  });

  it('go first to whoever waits longest among types that share places', async () => {
    const sale = await eventOnSale(api.app, db(), {
      ticketTypes: [
        { name: 'Early bird', price: 1000, currency: 'GBP', capacity: 10, maxPerOrder: 4 },
        { name: 'Standard', price: 2000, currency: 'GBP', capacity: 10, maxPerOrder: 4 },
      ],
    });
    const [early, standard] = sale.types.map((type) => type.id) as [string, string];
    await newQuota(api.app, sale.organiser, sale.event.id, { name: 'Floor', capacity: 2, ticketTypeIds: [early, standard] });
    await openList(api.app, sale.organiser, sale.event.id);
    const holds = await holdEach(api.app, sale.event.id, early, 2);
    // Both types are sold out by the places they share.
    const standardWaits = await queued(api.app, db(), sale.event.id, standard);
    const earlyWaits = await queued(api.app, db(), sale.event.id, early);
    await lapseHold(db(), (holds[1] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    expect(await sweepNow()).toBe(1);
    const entries = await entriesOf(db(), sale.event.id);
    expect(entries.find((entry) => entry.email === standardWaits.buyer.email)?.status).toBe('offered');
    expect(entries.find((entry) => entry.email === earlyWaits.buyer.email)?.status).toBe('waiting');
    const floor = await db()
      .selectFrom('capacity_quotas')
      .select('taken')
      .where('event_id', '=', sale.event.id)
      .executeTakeFirstOrThrow();
    expect(floor.taken).toBe(2);
  });
});

describe('the organiser’s list', () => {
  it('counts and orders the people, offers by hand when offers are not automatic, and removes people', async () => {
    const sale = await soldOut(2, { automatic: false, offerHours: 12 });
    const first = await queued(api.app, db(), sale.event.id, sale.type.id, 2);
    const second = await queued(api.app, db(), sale.event.id, sale.type.id, 1);
    await lapseHold(db(), (sale.holds[0] as OrderView).id);
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    // Not automatic: the sweep offers nothing, and the place stays the list's.
    expect(await sweepNow()).toBe(0);
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 0, waitingList: true });

    const listed = await api.app.inject({ method: 'GET', url: listUrl(sale.event.id), headers: sale.organiser.bearer });
    expect(listed.statusCode).toBe(200);
    const list = listed.json().data;
    expect(list.settings).toEqual({ enabled: true, automatic: false, offerHours: 12 });
    expect(list.types).toEqual([
      {
        ticketTypeId: sale.type.id,
        name: 'Standard',
        waiting: 2,
        waitingTickets: 3,
        offered: 0,
        offeredTickets: 0,
        free: 1,
      },
    ]);
    expect(list.entries.map((entry: { email: string; position: number }) => [entry.email, entry.position])).toEqual([
      [first.buyer.email, 1],
      [second.buyer.email, 2],
    ]);

    // By hand, the organiser may pick anyone in the queue, for no more than is free.
    const secondId = list.entries[1].id as string;
    const tooMany = await api.app.inject({
      method: 'POST',
      url: `${listUrl(sale.event.id)}/${secondId}/offer`,
      headers: sale.organiser.bearer,
      payload: { quantity: 2 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ path: 'body.quantity', message: 'They asked for 1 ticket: offer at most 1.' }]);
    const offered = await api.app.inject({
      method: 'POST',
      url: `${listUrl(sale.event.id)}/${secondId}/offer`,
      headers: sale.organiser.bearer,
      payload: {},
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().data).toMatchObject({ status: 'offered', offeredQuantity: 1, email: second.buyer.email });
    const nothingFree = await api.app.inject({
      method: 'POST',
      url: `${listUrl(sale.event.id)}/${list.entries[0].id}/offer`,
      headers: sale.organiser.bearer,
      payload: { quantity: 1 },
    });
    expect(nothingFree.statusCode).toBe(409);
    expect(nothingFree.json().message).toBe('Only 0 places are free of Standard now: offer no more than that.');

    // Removing the offered person gives the place back to the list (not to sale).
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `${listUrl(sale.event.id)}/${secondId}`,
      headers: sale.organiser.bearer,
    });
    expect(removed.statusCode).toBe(200);
    const after = (await api.app.inject({ method: 'GET', url: listUrl(sale.event.id), headers: sale.organiser.bearer })).json()
      .data;
    expect(after.types[0]).toMatchObject({ waiting: 1, offered: 0, free: 1 });
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 0, waitingList: true });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', sale.event.id)
      .where('action', 'like', 'waiting_list.%')
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['waiting_list.changed', 'waiting_list.offered', 'waiting_list.removed']);

    // Once nobody waits, places go back on sale to everyone.
    await api.app.inject({
      method: 'DELETE',
      url: `${listUrl(sale.event.id)}/${list.entries[0].id}`,
      headers: sale.organiser.bearer,
    });
    expect(await standardOf(sale.event.id)).toMatchObject({ available: 1, onSale: true, waitingList: false });
  });
});

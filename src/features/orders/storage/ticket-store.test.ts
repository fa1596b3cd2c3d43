import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { paidOrder } from './saved-order.test-helper.ts';
import {
  createTicketStore,
  forgetSavedTickets,
  type SavedOrders,
  ticketDbName,
  ticketStore,
  ticketStoreName,
} from './ticket-store.ts';

const ada = 'auth-ada';
const ben = 'auth-ben';
const ids = (saved: SavedOrders) => saved.orders.map((entry) => entry.order.id).sort();

describe('the device ticket store', () => {
  const store = ticketStore();
  beforeEach(() => store.forgetAll());

  it('keeps an order seen on its page with its tickets, QR codes and event as the API gave them', async () => {
    const order = paidOrder({ holderName: 'Cam Companion' });
    await store.keep(ada, [order], 1000);

    const saved = await store.read(ada);
    expect(saved.orders).toEqual([{ order, savedAt: 1000 }]);
    expect(saved.orders[0]?.order.tickets[0]?.code).toBe(order.tickets[0]?.code);
    expect(saved.syncedAt).toBeNull();
  });

  it('keeps each account’s tickets apart on a shared device', async () => {
    const adas = paidOrder();
    const bens = paidOrder();
    await store.keep(ada, [adas], 1000);
    await store.sync(ben, [bens], 2000);

    expect(ids(await store.read(ada))).toEqual([adas.id]);
    expect(ids(await store.read(ben))).toEqual([bens.id]);
    expect((await store.read('auth-someone-else')).orders).toEqual([]);
  });

  it('takes the network’s list as it is: changed orders replaced, orders no longer listed removed', async () => {
    const kept = paidOrder();
    const dropped = paidOrder();
    await store.sync(ada, [kept, dropped], 1000);
    const voided = { ...kept, tickets: kept.tickets.map((ticket) => ({ ...ticket, status: 'voided' as const, code: null })) };

    const saved = await store.sync(ada, [voided], 2000);
    expect(saved.orders).toEqual([{ order: voided, savedAt: 2000 }]);
    expect(saved.syncedAt).toBe(2000);
    expect(await store.read(ada)).toEqual(saved);
  });

  it('keeps a booking saved after the list was fetched, and its newer copy over an older list’s', async () => {
    const pending = paidOrder({ status: 'pending' });
    const paid = { ...pending, status: 'paid' as const };
    const booked = paidOrder();
    await store.keep(ada, [paid, booked], 3000);

    // A list answered before both bookings (e.g. a page kept from earlier) removes neither and reverts neither.
    const saved = await store.sync(ada, [pending], 2000);
    expect(ids(saved)).toEqual([booked.id, pending.id].sort());
    expect(saved.orders.find((entry) => entry.order.id === pending.id)?.order.status).toBe('paid');
  });

  it('forgets every account’s tickets when a session ends', async () => {
    await store.keep(ada, [paidOrder()], 1000);
    await store.sync(ben, [paidOrder()], 1000);

    await forgetSavedTickets();
    expect((await store.read(ada)).orders).toEqual([]);
    expect((await store.read(ben)).orders).toEqual([]);
  });

  it('drops saved orders an older release wrote in a shape this one cannot show', async () => {
    const good = paidOrder();
    await set(
      ada,
      {
        syncedAt: 1000,
        orders: [
          { order: good, savedAt: 1000 },
          { order: { id: 'old-shape', title: 'No event' }, savedAt: 1000 },
        ],
      },
      createStore(ticketDbName, ticketStoreName),
    );

    expect(ids(await store.read(ada))).toEqual([good.id]);
  });

  it('survives the database being opened again, as after a deploy or a restart', async () => {
    const order = paidOrder();
    await store.keep(ada, [order], 1000);

    expect((await createTicketStore().read(ada)).orders).toEqual([{ order, savedAt: 1000 }]);
  });
});

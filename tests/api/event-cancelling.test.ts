import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { inDays } from '../fixtures/events.ts';
import { eventOnSale, heldOrder, issuedFreeOrder, orderBody, paySandbox, readOrder } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;

async function member(organizationId: string, role: 'manager' | 'finance') {
  const account = await signedInAccount(api.app, db());
  await db()
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: account.user.id as string, role })
    .execute();
  return account;
}

const cancel = (eventId: string, bearer: Record<string, string>) =>
  api.app.inject({ method: 'POST', url: `/api/events/${eventId}/cancel`, headers: bearer });

/** A published event (paid tickets unless `overrides` say otherwise) with one order of two tickets. */
async function eventWithOrder(pay: boolean, overrides: Record<string, unknown> = {}) {
  const sale = await eventOnSale(api.app, db(), overrides);
  const typeId = (sale.types[0] as { id: string }).id;
  const body = orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }]);
  const free = (sale.types[0] as { price: number }).price === 0;
  const order = free ? await issuedFreeOrder(api.app, db(), body) : await heldOrder(api.app, body);
  if (pay) await paySandbox(api.app, order);
  const manager = await member(sale.organiser.organizationId, 'manager');
  return { ...sale, order, manager };
}

const statusOf = async (eventId: string) =>
  (await db().selectFrom('events').select('status').where('id', '=', eventId).executeTakeFirstOrThrow()).status;

describe('cancelling an event with paid orders', () => {
  it('is refused to a manager, who cannot refund, with a sentence naming who can; nothing is refunded', async () => {
    const { event, order, manager } = await eventWithOrder(true);
    const refused = await cancel(event.id, manager.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      httpStatus: 'FORBIDDEN',
      message: 'Only owners can cancel an event with paid orders, because cancelling refunds them.',
    });
    expect(await statusOf(event.id)).toBe('published');
    expect((await readOrder(api.app, order)).json().data).toMatchObject({ status: 'paid', refunded: 0 });
  });

  it('is refused to finance members, who can refund but not change events', async () => {
    const { event, organiser } = await eventWithOrder(true);
    const finance = await member(organiser.organizationId, 'finance');
    const refused = await cancel(event.id, finance.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only owners and managers can create or change the organisation’s events.');
    expect(await statusOf(event.id)).toBe('published');
  });

  it('is done by the owner, who may refund, and refunds the orders', async () => {
    const { event, order, organiser } = await eventWithOrder(true);
    expect((await cancel(event.id, organiser.bearer)).statusCode).toBe(200);
    expect((await readOrder(api.app, order)).json().data).toMatchObject({ status: 'refunded', refunded: order.total });
  });
});

describe('cancelling an event without money to give back', () => {
  it('is open to a manager when no order is paid yet: orders awaiting payment are released', async () => {
    const { event, order, manager } = await eventWithOrder(false);
    const cancelled = await cancel(event.id, manager.bearer);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await readOrder(api.app, order)).json().data.status).toBe('cancelled');
  });

  it('is open to a manager for a free event: its tickets are voided and no refund is recorded', async () => {
    const free = { ticketTypes: [{ name: 'Community', price: 0, currency: 'GBP', capacity: 50 }] };
    const { event, order, manager } = await eventWithOrder(false, free);
    expect((await readOrder(api.app, order)).json().data.status).toBe('paid');
    expect((await cancel(event.id, manager.bearer)).statusCode).toBe(200);
    const tickets = await db().selectFrom('tickets').select('status').where('order_id', '=', order.id).execute();
    expect(tickets.map((ticket) => ticket.status)).toEqual(['voided', 'voided']);
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('is open to a manager once every paid order has been refunded', async () => {
    const { event, order, organiser, manager } = await eventWithOrder(true);
    const refunded = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': `refund-${order.id}` },
      payload: {},
    });
    expect(refunded.statusCode).toBe(200);
    expect((await cancel(event.id, manager.bearer)).statusCode).toBe(200);
  });
});

describe('an event that has ended', () => {
  it('cannot be cancelled, even by its owner, and its orders stay paid', async () => {
    const { event, order, organiser } = await eventWithOrder(true);
    await db()
      .updateTable('events')
      .set({ starts_at: new Date(inDays(-3)), ends_at: new Date(inDays(-3, 23)) })
      .where('id', '=', event.id)
      .execute();
    const refused = await cancel(event.id, organiser.bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      httpStatus: 'CONFLICT',
      message: 'An event that has ended cannot be cancelled; refund its orders one by one instead.',
    });
    expect(await statusOf(event.id)).toBe('published');
    expect((await readOrder(api.app, order)).json().data.status).toBe('paid');
  });

  it('can still be cancelled while it is under way', async () => {
    const { event, organiser } = await eventWithOrder(true);
    await db()
      .updateTable('events')
      .set({ starts_at: new Date(Date.now() - 3_600_000), ends_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', event.id)
      .execute();
    expect((await cancel(event.id, organiser.bearer)).statusCode).toBe(200);
  });
});

describe('cancelling again', () => {
  it('answers the cancelled event each time, even two requests at once, and refunds each order once', async () => {
    const { event, order, organiser } = await eventWithOrder(true);
    const answers = await Promise.all([cancel(event.id, organiser.bearer), cancel(event.id, organiser.bearer)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await cancel(event.id, organiser.bearer)).json().data.status).toBe('cancelled');
    const refunds = await db().selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute();
    expect(refunds).toEqual([{ amount: order.total }]);
  });
});

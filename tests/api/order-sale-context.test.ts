import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTicketCode } from '../../src/contract/ticket-code.ts';
import { eventBody } from '../fixtures/events.ts';
import {
  eventOnSale,
  heldOrder,
  lapseHold,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  readOrder,
  soldAndHeld,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Each instance keeps an event's sale context (its ticket types, the fee rule, …) between orders, and the
// checkouts it placed until they are paid (decision 018). These tests change what was kept, through the
// API and behind the instance's back (as another instance would), and check every order is still right.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const oneStandard = (eventId: string, typeId: string, quantity = 1, buyer = newBuyer()) =>
  orderBody(eventId, [{ ticketTypeId: typeId, quantity }], buyer);

async function saleVersion(eventId: string): Promise<number> {
  const row = await db().selectFrom('events').select('sale_version').where('id', '=', eventId).executeTakeFirstOrThrow();
  return row.sale_version;
}

describe('an order priced with what this instance kept', () => {
  it('takes a ticket type’s new price at once, whether changed through the API or by another instance', async () => {
    const { organiser, event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    expect((await heldOrder(api.app, oneStandard(event.id, standard))).subtotal).toBe(1500);

    // Through this instance's API.
    const body = eventBody(organiser.organizationId);
    const changed = await api.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: organiser.bearer,
      payload: {
        ticketTypes: [
          { ...body.ticketTypes[0], id: standard, price: 1800 },
          { ...body.ticketTypes[1], id: types[1]?.id },
        ],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await heldOrder(api.app, oneStandard(event.id, standard))).subtotal).toBe(1800);

    // Behind its back, as another instance's change would be.
    await db().updateTable('ticket_types').set({ price: 2100 }).where('id', '=', standard).execute();
    expect((await heldOrder(api.app, oneStandard(event.id, standard))).subtotal).toBe(2100);
  });

  it('takes a new booking fee rule as soon as it is in force, and never a rule edited in place', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    expect((await heldOrder(api.app, oneStandard(event.id, standard))).bookingFee).toBe(87);

    const soon = new Date(Date.now() + 1_500);
    const rule = await db()
      .insertInto('booking_fee_rules')
      .values({ percent_basis_points: 0, fixed: 99, cap_per_ticket: null, effective_from: soon })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await heldOrder(api.app, oneStandard(event.id, standard))).bookingFee).toBe(87);
      await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
      expect((await heldOrder(api.app, oneStandard(event.id, standard))).bookingFee).toBe(99);
      await expect(db().updateTable('booking_fee_rules').set({ fixed: 1 }).where('id', '=', rule.id).execute()).rejects.toThrow(
        /not edited/,
      );
    } finally {
      await db().deleteFrom('booking_fee_rules').where('id', '=', rule.id).execute();
    }
    expect((await heldOrder(api.app, oneStandard(event.id, standard))).bookingFee).toBe(87);
  });

  it('sells an event published after an order for it was refused', async () => {
    const { organiser, event: other } = await eventOnSale(api.app, db());
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: organiser.bearer,
      payload: eventBody(organiser.organizationId, { title: 'Not Yet On Sale' }),
    });
    const draft = created.json().data as { id: string; ticketTypes: { id: string }[] };
    const typeId = draft.ticketTypes[0]?.id as string;
    expect((await placeOrder(api.app, oneStandard(draft.id, typeId))).statusCode).toBe(404);
    // Published behind this instance's back.
    await db().updateTable('events').set({ status: 'published', published_at: new Date() }).where('id', '=', draft.id).execute();
    expect((await placeOrder(api.app, oneStandard(draft.id, typeId))).statusCode).toBe(201);
    expect(other.id).not.toBe(draft.id);
  });

  it('refuses an event cancelled behind this instance’s back', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    await heldOrder(api.app, oneStandard(event.id, standard));
    await db().updateTable('events').set({ status: 'cancelled' }).where('id', '=', event.id).execute();
    const refused = await placeOrder(api.app, oneStandard(event.id, standard));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This event is cancelled.');
  });

  it('changes the event’s sale version with what orders are priced with, and never with a sale', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const before = await saleVersion(event.id);
    const order = await heldOrder(api.app, oneStandard(event.id, standard, 2));
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    expect(await saleVersion(event.id)).toBe(before);
    await db().updateTable('ticket_types').set({ max_per_order: 4 }).where('id', '=', standard).execute();
    expect(await saleVersion(event.id)).toBe(before + 1);
    await db().updateTable('events').set({ hold_minutes: 20 }).where('id', '=', event.id).execute();
    expect(await saleVersion(event.id)).toBe(before + 2);
  });
});

describe('the checks made where the order is written', () => {
  it('answer a repeated key with the same order even when the buyer is at the limit', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const body = orderBody(event.id, [{ ticketTypeId: standard, quantity: 5 }]);
    const key = randomUUID();
    const first = await placeOrder(api.app, body, { key });
    const second = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: standard, quantity: 5 }], body.buyer));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const repeat = await placeOrder(api.app, body, { key });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().data.id).toBe(first.json().data.id);
  });

  it('do not count a buyer’s lapsed hold against their limit, and sell its tickets again before any sweep', async () => {
    const { event, types } = await eventOnSale(api.app, db(), {
      ticketTypes: [{ name: 'Few', price: 500, currency: 'GBP', capacity: 10, maxPerOrder: 10 }],
    });
    const few = (types[0] as { id: string }).id;
    const buyer = newBuyer();
    const lapsed = await heldOrder(api.app, oneStandard(event.id, few, 10, buyer));
    await lapseHold(db(), lapsed.id);
    const again = await heldOrder(api.app, oneStandard(event.id, few, 10, buyer));
    expect(again.status).toBe('pending');
    expect((await readOrder(api.app, lapsed)).json().data.status).toBe('expired');
    expect(await soldAndHeld(db(), few)).toMatchObject({ sold: 0, held: 10 });
  });
});

describe('a checkout this instance placed', () => {
  it('is paid without being read back, once, and a second submission is answered from the database', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, oneStandard(event.id, standard, 2));
    const paid = await paySandbox(api.app, order);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.outcome).toBe('succeeded');
    const again = await paySandbox(api.app, order);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(paid.json().data);
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read.tickets).toHaveLength(2);
  });

  it('issues tickets once when the card form is submitted twice at once (one kept, one read back)', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, oneStandard(event.id, standard, 2));
    const answers = await Promise.all([paySandbox(api.app, order), paySandbox(api.app, order)]);
    expect(answers.some((answer) => answer.statusCode === 200 && answer.json().data.outcome === 'succeeded')).toBe(true);
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', refunded: 0 });
    expect(read.tickets).toHaveLength(2);
    expect(await soldAndHeld(db(), standard)).toMatchObject({ sold: 2, held: 0 });
    const ledger = await db().selectFrom('ledger_entries').select('amount').where('order_id', '=', order.id).execute();
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(order.total);
  });

  it('cannot be paid once its order is released', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, oneStandard(event.id, standard, 2));
    const released = await api.app.inject({ method: 'POST', url: `/api/orders/${order.id}/release?token=${order.accessToken}` });
    expect(released.statusCode).toBe(200);
    const paid = await paySandbox(api.app, order);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain('has ended');
    const payments = await db().selectFrom('payments').select('status').where('order_id', '=', order.id).execute();
    expect(payments.map((payment) => payment.status)).toEqual(['expired']);
  });

  it('refunds a payment for an event cancelled by someone else while the hold lasted', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, oneStandard(event.id, standard, 2));
    // Cancelled behind this instance's back: its kept checkout still looks open.
    await sql`update events set status = 'cancelled' where id = ${event.id}`.execute(db());
    const paid = await paySandbox(api.app, order);
    expect(paid.statusCode).toBe(200);
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'refunded', refunded: order.total, tickets: [] });
    expect(read.failureReason).toBe('The event was cancelled; your payment was refunded in full.');
  });

  it('issues tickets valid to the event’s new end when the event changed while the hold lasted', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const standard = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, oneStandard(event.id, standard));
    // Moved behind this instance's back: the checkout it kept still has the old end.
    const endsAt = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    endsAt.setUTCMilliseconds(0);
    await db().updateTable('events').set({ ends_at: endsAt }).where('id', '=', event.id).execute();
    expect((await paySandbox(api.app, order)).statusCode).toBe(200);
    const [ticket] = ((await readOrder(api.app, order)).json().data as OrderView).tickets;
    const decoded = decodeTicketCode(ticket?.code);
    expect(decoded.ok && decoded.payload.validUntil.getTime()).toBe(endsAt.getTime() + 6 * 3600 * 1000);
  });
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import {
  eventOnSale,
  heldOrder,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  readOrder,
  soldAndHeld,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type Bearer = Record<string, string>;

async function member(organizationId: string, role: 'manager' | 'finance' | 'door') {
  const account = await signedInAccount(api.app, db());
  await db()
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: account.user.id as string, role })
    .execute();
  return account;
}

/** A paid order of `quantity` tickets at £15.00 (fee 87p each) on a fresh event. */
async function paidOrder(quantity = 3, extra: Record<string, unknown> = {}) {
  const sale = await eventOnSale(api.app, db(), extra);
  const typeId = (sale.types[0] as { id: string }).id;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]));
  const paid = await paySandbox(api.app, order);
  if (paid.json().data?.outcome !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  const read = (await readOrder(api.app, order)).json().data as OrderView;
  return { ...sale, typeId, order: { ...read, accessToken: order.accessToken } };
}

const refund = (orderId: string, bearer: Bearer, body: object = {}, key: string | null = randomUUID()) =>
  api.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: { ...bearer, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

/**
 * As if the order had been paid by card: the sandbox's own orders are TEST orders, which the organiser's money
 * never counts, so figures are checked on orders a real provider took.
 */
const asCardOrder = (...orderIds: string[]) =>
  db().updateTable('orders').set({ provider: 'stripe' }).where('id', 'in', orderIds).execute();

const ledgerSum = async (orderId: string) => {
  const rows = await db().selectFrom('ledger_entries').select('amount').where('order_id', '=', orderId).execute();
  return rows.reduce((sum, row) => sum + row.amount, 0);
};

describe('refunds', () => {
  it('give a whole order back: tickets voided and revoked, stock returned, ledger balanced, buyer mailed', async () => {
    const { order, organiser, typeId, event } = await paidOrder(3);
    expect(order.total).toBe(3 * (1500 + 87));
    const response = await refund(order.id, organiser.bearer, { reason: 'Asked nicely' });
    expect(response.statusCode).toBe(200);
    const refunded = response.json().data;
    expect(refunded).toMatchObject({ status: 'refunded', refunded: order.total });
    expect(
      refunded.tickets.every(
        (ticket: { status: string; code: string | null }) => ticket.status === 'voided' && ticket.code === null,
      ),
    ).toBe(true);
    expect(refunded.history.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['order.placed', 'payment.paid', 'ledger.charge', 'ledger.refund', 'refund.succeeded']),
    );
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 0, held: 0 });
    expect(await ledgerSum(order.id)).toBe(0);

    const keys = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}/ticket-keys`, headers: organiser.bearer });
    expect(keys.json().data.revoked.sort()).toEqual(order.tickets.map((ticket) => ticket.id).sort());
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('subject', 'like', '[TEST] Refund for%')
      .where('text_body', 'like', `%${order.reference}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('£47.61');
    expect(mail.text_body).toContain('Asked nicely');
  });

  it('give back some tickets, then the rest', async () => {
    const { order, organiser } = await paidOrder(3);
    const [first, second, third] = order.tickets;
    const partial = await refund(order.id, organiser.bearer, { ticketIds: [first?.id] });
    expect(partial.json().data).toMatchObject({ status: 'partially_refunded', refunded: 1587 });
    expect(await ledgerSum(order.id)).toBe(order.total - 1587);
    const buyerView = (await readOrder(api.app, order)).json().data as OrderView;
    expect(buyerView.tickets.map((ticket) => ticket.status)).toEqual(['voided', 'valid', 'valid']);

    const again = await refund(order.id, organiser.bearer, { ticketIds: [first?.id] });
    expect(again.statusCode).toBe(409);
    const rest = await refund(order.id, organiser.bearer, { ticketIds: [second?.id, third?.id] });
    expect(rest.json().data).toMatchObject({ status: 'refunded', refunded: order.total });
    expect((await refund(order.id, organiser.bearer)).statusCode).toBe(409);
  });

  it('happen once per Idempotency-Key', async () => {
    const { order, organiser } = await paidOrder(2);
    const key = randomUUID();
    const body = { ticketIds: [order.tickets[0]?.id] };
    const [a, b] = await Promise.all([
      refund(order.id, organiser.bearer, body, key),
      refund(order.id, organiser.bearer, body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.refunded).toBe(1587);
    const rows = await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
    const other = await refund(order.id, organiser.bearer, { ticketIds: [order.tickets[1]?.id] }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('Idempotency-Key was already used for a different refund');
    expect((await refund(order.id, organiser.bearer, body, null)).statusCode).toBe(400);
  });

  it('are for owners and finance only', async () => {
    const { order, organiser } = await paidOrder(1);
    const manager = await member(organiser.organizationId, 'manager');
    const door = await member(organiser.organizationId, 'door');
    const finance = await member(organiser.organizationId, 'finance');
    const rival = await eventOnSale(api.app, db());
    const attendee = await signedInAccount(api.app, db());
    expect((await refund(order.id, {})).statusCode).toBe(401);
    expect((await refund(order.id, door.bearer)).statusCode).toBe(403);
    const byManager = await refund(order.id, manager.bearer);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().message).toBe('Only owners and finance members can refund orders.');
    expect((await refund(order.id, rival.organiser.bearer)).statusCode).toBe(404);
    expect((await refund(order.id, attendee.bearer)).statusCode).toBe(404);
    expect((await readOrder(api.app, order)).json().data.status).toBe('paid');
    expect((await refund(order.id, finance.bearer)).statusCode).toBe(200);
  });

  it('refuse bad input and unpaid orders', async () => {
    const { order, organiser, event, typeId } = await paidOrder(1);
    const bad = await refund(order.id, organiser.bearer, { ticketIds: ['nope'], reason: 'x'.repeat(301) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.ticketIds.0', 'body.reason']);
    expect((await refund('not-a-uuid', organiser.bearer)).statusCode).toBe(400);
    expect((await refund(randomUUID(), organiser.bearer)).statusCode).toBe(404);
    const foreign = await refund(order.id, organiser.bearer, { ticketIds: [randomUUID()] });
    expect(foreign.statusCode).toBe(409);
    const pending = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]));
    const unpaid = await refund(pending.id, organiser.bearer);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Only a paid order can be refunded.');
  });

  it('never give back more than was paid, and the ledger always matches the order (property)', { timeout: 60_000 }, async () => {
    const { organiser, event, typeId } = await paidOrder(1, {
      ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 1000, maxPerOrder: 6 }],
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        async (quantity, batches) => {
          const held = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity }]));
          await paySandbox(api.app, held);
          const order = (await readOrder(api.app, held)).json().data as OrderView;
          const ids = order.tickets.map((ticket) => ticket.id);
          for (const batch of batches) {
            // Indexes past the order's tickets stand for someone else's ticket id.
            const ticketIds = [...new Set(batch.map((index) => ids[index] ?? randomUUID()))];
            const response = await refund(order.id, organiser.bearer, { ticketIds });
            expect([200, 409]).toContain(response.statusCode);
          }
          const row = await db()
            .selectFrom('orders')
            .select(['refunded', 'total', 'status'])
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          const refunds = await db().selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute();
          const voided = await db()
            .selectFrom('tickets')
            .select('id')
            .where('order_id', '=', order.id)
            .where('status', '=', 'voided')
            .execute();
          expect(row.refunded).toBeLessThanOrEqual(row.total);
          expect(refunds.reduce((sum, one) => sum + one.amount, 0)).toBe(row.refunded);
          expect(await ledgerSum(order.id)).toBe(row.total - row.refunded);
          expect(row.refunded).toBe(voided.length * 1587);
          expect(row.status).toBe(voided.length === ids.length ? 'refunded' : voided.length ? 'partially_refunded' : 'paid');
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('cancelling an event', () => {
  it('refunds every paid order, releases every hold and revokes every ticket', async () => {
    const { order, organiser, event, typeId } = await paidOrder(2);
    const second = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }]));
    await paySandbox(api.app, second);
    const holding = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 4 }]));
    const response = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/cancel`, headers: organiser.bearer });
    expect(response.statusCode).toBe(200);

    expect((await readOrder(api.app, order)).json().data).toMatchObject({ status: 'refunded', refunded: order.total });
    expect((await readOrder(api.app, second)).json().data.status).toBe('refunded');
    expect((await readOrder(api.app, holding)).json().data).toMatchObject({ status: 'cancelled', paymentUrl: null });
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 0, held: 0 });
    const valid = await db()
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', event.id)
      .where('status', '=', 'valid')
      .execute();
    expect(valid).toEqual([]);
    const revoked = await db().selectFrom('ticket_revocations').select('ticket_id').where('event_id', '=', event.id).execute();
    expect(revoked).toHaveLength(3);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', '=', '[TEST] Late Night Jazz at the Docks is cancelled — you are refunded')
      .execute();
    expect(mails.length).toBeGreaterThanOrEqual(2);
    // The provider is asked by the sweeper, after the cancellation committed.
    const { runPendingRefunds } = await import('../../server/features/orders/refunds/refund-execution.service.ts');
    const { createSandboxProvider } = await import('../../server/lib/payments/sandbox.ts');
    await runPendingRefunds(db(), createSandboxProvider(api.config.jwtSecret));
    const statuses = await db()
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select('refunds.status')
      .where('orders.event_id', '=', event.id)
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('the organiser’s orders', () => {
  it('lists orders with gross, fees, refunds and net per currency, for owners, managers and finance', async () => {
    const { order, organiser, event, typeId } = await paidOrder(2);
    const other = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], newBuyer('Zed Zimmer')));
    await refund(order.id, organiser.bearer, { ticketIds: [order.tickets[0]?.id] });
    await asCardOrder(order.id, other.id);
    const list = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders`,
      headers: organiser.bearer,
    });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.total).toBe(2);
    expect(data.items.map((item: { id: string }) => item.id).sort()).toEqual([order.id, other.id].sort());
    expect(data.items[0].tickets).toBeUndefined();
    expect(data.totals).toEqual([
      { currency: 'GBP', gross: 3174, bookingFees: 87, refunds: 1587, net: 1500, orders: 1, tickets: 1 },
    ]);

    const search = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders?q=zimmer&status=pending&eventId=${event.id}`,
      headers: organiser.bearer,
    });
    expect(search.json().data.items.map((item: { id: string }) => item.id)).toEqual([other.id]);
    const bad = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders?status=lost&page=0&from=yesterday`,
      headers: organiser.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['query.from', 'query.page', 'query.status']);

    const finance = await member(organiser.organizationId, 'finance');
    const manager = await member(organiser.organizationId, 'manager');
    const door = await member(organiser.organizationId, 'door');
    const rival = await eventOnSale(api.app, db());
    const url = `/api/organizations/${organiser.organizationId}/orders`;
    expect((await api.app.inject({ method: 'GET', url, headers: finance.bearer })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url, headers: manager.bearer })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url, headers: door.bearer })).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'GET', url, headers: rival.organiser.bearer })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const foreignEvent = await api.app.inject({
      method: 'GET',
      url: `${url}?eventId=${rival.event.id}`,
      headers: organiser.bearer,
    });
    expect(foreignEvent.statusCode).toBe(404);
  });

  it('are described in the OpenAPI document, the CSV export with its parameters and file type', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const csv = document.paths['/api/organizations/{organizationId}/orders.csv']?.get;
    expect(csv).toBeDefined();
    expect(csv.tags).toEqual(['organiser orders']);
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv; charset=utf-8']);
    const parameters = (csv.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(parameters).toContain('path:organizationId');
    const listed = document.paths['/api/organizations/{organizationId}/orders'].get;
    const listParameters = (listed.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(parameters.sort()).toEqual(listParameters.sort());
  });

  it('exports orders as CSV that a spreadsheet reads as text', async () => {
    const { organiser, event, typeId } = await paidOrder(1);
    await heldOrder(
      api.app,
      orderBody(event.id, [{ ticketTypeId: typeId, quantity: 1 }], { name: '=HYPERLINK("x")', email: newBuyer().email }),
    );
    const csv = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders.csv`,
      headers: organiser.bearer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Placed at,Status,Event,Buyer,Email,Tickets,Currency,Subtotal,Booking fee,Total,Refunded,Test',
    );
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain(',GBP,15.00,0.87,15.87,0.00');
    const door = await member(organiser.organizationId, 'door');
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/organizations/${organiser.organizationId}/orders.csv`,
          headers: door.bearer,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/organizations/${organiser.organizationId}/orders.csv?page=-1`,
          headers: organiser.bearer,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('opens one order with its tickets and history, only within the organisation', async () => {
    const { order, organiser } = await paidOrder(2);
    const url = `/api/organizations/${organiser.organizationId}/orders/${order.id}`;
    const detail = await api.app.inject({ method: 'GET', url, headers: organiser.bearer });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.tickets).toHaveLength(2);
    expect(detail.json().data.history[0]).toMatchObject({ kind: 'order.placed', amount: order.total });
    const rival = await eventOnSale(api.app, db());
    const inRival = `/api/organizations/${rival.organiser.organizationId}/orders/${order.id}`;
    expect((await api.app.inject({ method: 'GET', url: inRival, headers: rival.organiser.bearer })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url, headers: rival.organiser.bearer })).statusCode).toBe(404);
    const door = await member(organiser.organizationId, 'door');
    expect((await api.app.inject({ method: 'GET', url, headers: door.bearer })).statusCode).toBe(403);
  });

  it('serves the event’s public ticket keys to every member, door staff included, and to no one else', async () => {
    const { organiser, event } = await paidOrder(1);
    const door = await member(organiser.organizationId, 'door');
    const response = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}/ticket-keys`, headers: door.bearer });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.keys).toHaveLength(1);
    expect(data.keys[0].publicKey).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(data)).not.toContain('private');
    expect(data.revoked).toEqual([]);
    const rival = await eventOnSale(api.app, db());
    expect(
      (await api.app.inject({ method: 'GET', url: `/api/events/${event.id}/ticket-keys`, headers: rival.organiser.bearer }))
        .statusCode,
    ).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/events/${event.id}/ticket-keys` })).statusCode).toBe(401);
  });
});

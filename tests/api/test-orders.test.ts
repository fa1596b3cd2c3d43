import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventOnSale,
  heldOrder,
  issuedFreeOrder,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  readOrder,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type Organiser = Awaited<ReturnType<typeof eventOnSale>>['organiser'];
type Listed = {
  items: { id: string; test: boolean }[];
  totals: Record<string, unknown>[];
  testOrders: number;
  total: number;
};

/** An event selling £15.00 tickets (87p fee each) and free ones. */
async function sale() {
  const { organiser, event } = await eventOnSale(api.app, db(), {
    ticketTypes: [
      { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 },
      { name: 'Guest list', price: 0, currency: 'GBP', capacity: 100 },
    ],
  });
  const types = await db().selectFrom('ticket_types').select(['id', 'price']).where('event_id', '=', event.id).execute();
  const typeId = (price: number) => types.find((type) => type.price === price)?.id as string;
  return { organiser, event, paid: typeId(1500), free: typeId(0) };
}

/** An order paid with the sandbox's success card, as its buyer reads it afterwards. */
async function sandboxOrder(eventId: string, ticketTypeId: string, quantity: number, buyer = newBuyer()) {
  const held = await heldOrder(api.app, orderBody(eventId, [{ ticketTypeId, quantity }], buyer));
  const paid = await paySandbox(api.app, held);
  if (paid.json().data?.outcome !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  return (await readOrder(api.app, held)).json().data as OrderView & { provider: string; test: boolean };
}

/** As if the order had been paid by card: what a deployment with Stripe makes. */
const asCardOrder = (orderId: string) =>
  db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', orderId).execute();

async function listOrders(organiser: Organiser, query: string): Promise<Listed> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/organizations/${organiser.organizationId}/orders?${query}`,
    headers: organiser.bearer,
  });
  if (response.statusCode !== 200) throw new Error(`orders answered ${response.statusCode}: ${response.body}`);
  return response.json().data as Listed;
}

async function csvLines(organiser: Organiser, query: string): Promise<string[]> {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/organizations/${organiser.organizationId}/orders.csv?${query}`,
    headers: organiser.bearer,
  });
  expect(response.statusCode).toBe(200);
  return response.body.trim().split('\r\n');
}

const mailTo = (email: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body']).where('to_address', '=', email).execute();

describe('a TEST order', () => {
  it('is what the sandbox makes: marked TEST for its buyer, its organiser and in its mail; a free order is not', async () => {
    const { organiser, event, paid, free } = await sale();
    const tester = newBuyer('Tess Tester');
    const guest = newBuyer('Gus Guest');
    const test = await sandboxOrder(event.id, paid, 2, tester);
    const freeOrder = await issuedFreeOrder(api.app, db(), orderBody(event.id, [{ ticketTypeId: free, quantity: 1 }], guest));
    expect(test).toMatchObject({ status: 'paid', provider: 'sandbox', test: true });
    expect(freeOrder).toMatchObject({ status: 'paid', provider: 'none', test: false });

    const listed = await listOrders(organiser, `eventId=${event.id}`);
    expect(Object.fromEntries(listed.items.map((item) => [item.id, item.test]))).toEqual({
      [test.id]: true,
      [freeOrder.id]: false,
    });
    const detail = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders/${test.id}`,
      headers: organiser.bearer,
    });
    expect(detail.json().data).toMatchObject({ test: true, provider: 'sandbox' });

    const [testMail] = await mailTo(tester.email);
    expect(testMail?.subject).toBe(`[TEST] Your tickets for ${event.title} (${test.reference})`);
    expect(testMail?.text_body).toContain('This is a TEST order');
    expect(testMail?.html_body).toContain('its tickets are not valid for entry');
    const guestMail = (await mailTo(guest.email)).find((mail) => mail.subject.startsWith('Your tickets'));
    expect(guestMail?.subject).toBe(`Your tickets for ${event.title} (${freeOrder.reference})`);
    expect(`${guestMail?.text_body}${guestMail?.html_body}`).not.toContain('TEST');

    const lines = await csvLines(organiser, `eventId=${event.id}`);
    expect(lines[0]?.endsWith(',Refunded,Test')).toBe(true);
    expect(lines.find((line) => line.startsWith(test.reference))?.endsWith(',yes')).toBe(true);
    expect(lines.find((line) => line.startsWith(freeOrder.reference))?.endsWith(',no')).toBe(true);
  });

  it('is left out of the money and counted apart, and the organiser can list TEST or real orders only', async () => {
    const { organiser, event, paid } = await sale();
    const test = await sandboxOrder(event.id, paid, 1);
    const card = await sandboxOrder(event.id, paid, 2);
    await asCardOrder(card.id);
    const waiting = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: paid, quantity: 1 }]));
    const realMoney = { currency: 'GBP', gross: 3174, bookingFees: 174, refunds: 0, net: 3000, orders: 1, tickets: 2 };

    const all = await listOrders(organiser, `eventId=${event.id}`);
    expect(all.total).toBe(3);
    expect(all.totals).toEqual([realMoney]);
    // Paid TEST orders only: the one still waiting for payment has moved nothing, not even play money.
    expect(all.testOrders).toBe(1);

    const onlyTest = await listOrders(organiser, `eventId=${event.id}&test=true`);
    expect(onlyTest.items.map((item) => item.id).sort()).toEqual([test.id, waiting.id].sort());
    expect(onlyTest).toMatchObject({ totals: [], testOrders: 1 });
    const onlyReal = await listOrders(organiser, `eventId=${event.id}&test=false`);
    expect(onlyReal.items.map((item) => item.id)).toEqual([card.id]);
    expect(onlyReal).toMatchObject({ totals: [realMoney], testOrders: 0 });
    const csv = await csvLines(organiser, `eventId=${event.id}&test=false`);
    expect(csv).toHaveLength(2);
    expect(csv[1]?.startsWith(card.reference)).toBe(true);

    const bad = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders?test=maybe`,
      headers: organiser.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(['query.test']);
  });

  it('can be refunded: its tickets stop working, no money moves and the buyer is told so', async () => {
    const { organiser, event, paid } = await sale();
    const buyer = newBuyer();
    const test = await sandboxOrder(event.id, paid, 2, buyer);
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${test.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { reason: 'Rehearsal over' },
    });
    expect(response.statusCode).toBe(200);
    const refunded = response.json().data;
    expect(refunded).toMatchObject({ status: 'refunded', test: true, refunded: test.total });
    expect(refunded.tickets.every((ticket: { status: string }) => ticket.status === 'voided')).toBe(true);
    const row = await db().selectFrom('refunds').selectAll().where('order_id', '=', test.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', provider: 'sandbox' });

    const mail = (await mailTo(buyer.email)).find((message) => message.subject.includes('Refund for'));
    expect(mail?.subject).toBe(`[TEST] Refund for ${event.title} (${test.reference})`);
    expect(mail?.text_body).toContain('No money was taken for this TEST order, so none moves back.');
    expect(mail?.text_body).not.toContain('working days');
    expect(await listOrders(organiser, `eventId=${event.id}`)).toMatchObject({ totals: [], testOrders: 0 });
  });
});

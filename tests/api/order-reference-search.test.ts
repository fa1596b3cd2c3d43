import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../src/contract/admin.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { eventOnSale, heldOrder, newBuyer, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const db = () => api.database.db;
const get = (url: string, headers: Record<string, string>) => api.app.inject({ method: 'GET', url: `/api${url}`, headers });
const ids = (response: { json: () => { data: { items: { id: string }[] } } }) =>
  response.json().data.items.map((item) => item.id);

/** A paid order by a buyer called `name`, with the organiser who sells it. */
async function paidOrder(name: string) {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }], newBuyer(name)));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  const read = await get(`/orders/${order.id}?token=${order.accessToken ?? ''}`, {});
  return { organiser: sale.organiser, order: read.json().data as OrderView };
}

async function adminWith(permissions: AdminPermission[]) {
  const account = await signedInAccount(api.app, db());
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  await groupInDb(db(), permissions, [account.authId]);
  return account;
}

/** The ways a person types `QGGE-6JGS`: as printed, in lower case, without the dash, with a space. */
const typings = (reference: string) => {
  const compact = reference.replace('-', '');
  return [reference, reference.toLowerCase(), compact.toLowerCase(), compact, ` ${reference.replace('-', ' ').toLowerCase()} `];
};

describe('an order reference typed without its dash, in any case', () => {
  it('finds the order in the organiser’s payments, whole or in part', async () => {
    const { organiser, order } = await paidOrder('Grace Hopper');
    const url = `/organizations/${organiser.organizationId}/orders?q=`;
    const compact = order.reference.replace('-', '').toLowerCase();
    for (const q of [...typings(order.reference), compact.slice(2, 7)]) {
      expect(ids(await get(`${url}${encodeURIComponent(q)}`, organiser.bearer)), q).toEqual([order.id]);
    }
    // Names and emails are searched as before.
    expect(ids(await get(`${url}hopper`, organiser.bearer))).toEqual([order.id]);
    expect(ids(await get(`${url}${encodeURIComponent('QQQQ-QQQQ')}`, organiser.bearer))).toEqual([]);
  });

  it('finds the order, its payment and its tickets in the admin console', async () => {
    const { order } = await paidOrder('Grace Hopper');
    const money = await adminWith(['payments.read']);
    const door = await adminWith(['tickets.void']);
    for (const q of typings(order.reference)) {
      const search = `?q=${encodeURIComponent(q)}`;
      expect(ids(await get(`/admin/orders${search}`, money.bearer)), q).toEqual([order.id]);
      const payments = (await get(`/admin/payments${search}`, money.bearer)).json().data.items;
      expect(
        payments.map((row: { orderId: string }) => row.orderId),
        q,
      ).toEqual([order.id]);
      expect(ids(await get(`/admin/tickets${search}`, door.bearer)), q).toEqual(order.tickets.map((ticket) => ticket.id));
    }
  });

  it('still lets an eight-letter word find a ticket holder in the admin console', async () => {
    const { order } = await paidOrder('Ada Wilberforce');
    const door = await adminWith(['tickets.void']);
    const [ticket] = order.tickets;
    expect(ticket?.holderName).toBe('Ada Wilberforce');
    expect(ids(await get('/admin/tickets?q=Wilberfo', door.bearer))).toContain(ticket?.id);
  });
});

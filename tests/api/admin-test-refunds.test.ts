import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// TEST (sandbox) orders are marked wherever an administrator reads money: their payments and refunds too, on the
// page and in the CSV files, as the orders and tickets lists mark them.

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST', url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });

async function administrator() {
  const account = await signedInAccount(api.app, db(), { firstName: 'Tess', lastName: 'Sandbox' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  return account;
}

let lines = 800;
/** A refunded order: paid in the sandbox (a TEST order), or as if a card provider had taken it. */
async function refundedOrder(admin: { bearer: Bearer }, card: boolean) {
  const sale = await eventOnSale(api.app, db());
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(
    api.app,
    orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 1 }]),
    {},
    lineAddress(lines),
  );
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  if (card) {
    await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', order.id).execute();
    await db().updateTable('payments').set({ provider: 'stripe' }).where('order_id', '=', order.id).execute();
  }
  const refunded = await call('POST', `/admin/orders/${order.id}/refunds`, admin.bearer, { reason: 'Asked to.' });
  expect(refunded.statusCode).toBe(200);
  return order as OrderView;
}

/** Rows of a CSV body as header → cell maps (no cell here holds a comma, a quote or a line break). */
function csvRows(body: string) {
  const [header, ...rows] = body
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, index) => [name, row[index]])));
}

describe('TEST orders’ payments and refunds', () => {
  it('are marked test in the admin lists and in a Test column of their CSV files; a card order’s are not', async () => {
    const admin = await administrator();
    const sandbox = await refundedOrder(admin, false);
    const card = await refundedOrder(admin, true);

    const refunds = (await call('GET', '/admin/refunds', admin.bearer)).json().data.items as { orderId: string; test: boolean }[];
    expect(refunds.find((row) => row.orderId === sandbox.id)?.test).toBe(true);
    expect(refunds.find((row) => row.orderId === card.id)?.test).toBe(false);
    for (const order of [sandbox, card]) {
      const payments = (await call('GET', `/admin/payments?q=${order.reference}`, admin.bearer)).json().data.items;
      expect(payments).toMatchObject([{ orderId: order.id, test: order === sandbox }]);
    }

    const refundCsv = csvRows((await call('GET', '/admin/refunds.csv', admin.bearer)).body);
    expect(refundCsv.find((row) => row.Order === sandbox.reference)?.Test).toBe('yes');
    expect(refundCsv.find((row) => row.Order === card.reference)?.Test).toBe('no');
    for (const order of [sandbox, card]) {
      const paymentCsv = csvRows((await call('GET', `/admin/payments.csv?q=${order.reference}`, admin.bearer)).body);
      expect(paymentCsv).toMatchObject([{ Order: order.reference, Test: order === sandbox ? 'yes' : 'no' }]);
    }
  });
});

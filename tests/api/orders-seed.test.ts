import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/cli/seed.ts';
import { seedDemoOrders } from '../../server/cli/seed-orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('demo orders', () => {
  it('are paid orders with issued tickets, some in the demo attendee’s bookings, and seeding again changes nothing', async () => {
    const accounts = await seedDemoData(api.database.db, api.config.dataDir);
    const db = api.database.db;
    const count = async () => {
      const orders = await db.selectFrom('orders').select(['id', 'status', 'total', 'refunded']).execute();
      const tickets = await db.selectFrom('tickets').select('id').execute();
      const sold = await db
        .selectFrom('ticket_types')
        .select((eb) => eb.fn.sum<string>('taken').as('n'))
        .executeTakeFirstOrThrow();
      return {
        orders: orders.length,
        tickets: tickets.length,
        sold: Number(sold.n),
        statuses: new Set(orders.map((o) => o.status)),
      };
    };
    const first = await count();
    expect(first.orders).toBe(6);
    expect(first.statuses).toEqual(new Set(['paid']));
    expect(first.tickets).toBe(first.sold);
    expect(first.tickets).toBe(13);

    const signIn = await api.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email: 'alex@admit.demo', password: accounts[0]?.password },
    });
    const mine = await api.app.inject({
      method: 'GET',
      url: '/api/orders/mine',
      headers: { authorization: `Bearer ${signIn.json().data.accessToken}` },
    });
    const items = mine.json().data.items as { status: string; tickets: { code: string | null; holderName: string }[] }[];
    expect(items).toHaveLength(3);
    expect(items.every((order) => order.status === 'paid' && order.tickets.every((ticket) => ticket.code !== null))).toBe(true);
    expect(items.flatMap((order) => order.tickets.map((ticket) => ticket.holderName))).toContain('Sam Rivers');

    const ledger = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<string>('amount').as('n'))
      .executeTakeFirstOrThrow();
    const totals = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string>('total').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(ledger.n)).toBe(Number(totals.n));

    await seedDemoOrders(db);
    expect(await count()).toEqual(first);
  });
});

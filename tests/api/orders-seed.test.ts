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
  it('are weeks of paid orders with issued tickets, some in the demo attendee’s bookings, and seeding again changes nothing', async () => {
    // As anywhere but a local instance: sold in the sandbox, TEST orders.
    const accounts = await seedDemoData(api.database.db, api.config.dataDir);
    const db = api.database.db;
    const count = async () => {
      const orders = await db.selectFrom('orders').select(['id', 'status', 'provider', 'created_at']).execute();
      const tickets = await db.selectFrom('tickets').select('status').execute();
      const sold = await db
        .selectFrom('ticket_types')
        .select((eb) => eb.fn.sum<string>('taken').as('n'))
        .executeTakeFirstOrThrow();
      return {
        orders: orders.length,
        valid: tickets.filter((ticket) => ticket.status === 'valid').length,
        sold: Number(sold.n),
        statuses: new Set(orders.map((o) => o.status)),
        providers: new Set(orders.map((o) => o.provider)),
        days: new Set(orders.map((o) => new Date(o.created_at).toISOString().slice(0, 10))).size,
      };
    };
    const first = await count();
    expect(first.orders).toBeGreaterThan(200);
    expect(first.statuses).toEqual(new Set(['paid', 'expired', 'refunded', 'partially_refunded']));
    expect(first.providers).toEqual(new Set(['sandbox', 'none']));
    // Every valid ticket is taken from stock, and nothing else is: refunded seats went back on sale.
    expect(first.valid).toBe(first.sold);
    expect(first.days).toBeGreaterThanOrEqual(25);

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

    // The ledger holds what the paid orders kept: their totals less their refunds.
    const ledger = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<string>('amount').as('n'))
      .executeTakeFirstOrThrow();
    const kept = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<string>(eb('total', '-', eb.ref('refunded'))).as('n'))
      .where('status', 'in', ['paid', 'partially_refunded', 'refunded'])
      .executeTakeFirstOrThrow();
    expect(Number(ledger.n)).toBe(Number(kept.n));

    await seedDemoOrders(db);
    expect(await count()).toEqual(first);
  });
});

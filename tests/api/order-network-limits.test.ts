import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { pruneNetworkCounts } from '../../server/features/orders/placement/network-counts.repository.ts';
import { latestCode, signedInAccount } from '../fixtures/accounts.ts';
import { crowd } from '../fixtures/crowd.ts';
import {
  eventOnSale,
  lapseHold,
  lineAddress,
  newBuyer,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  soldAndHeld,
} from '../fixtures/orders.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
/** 1,000 people (a fifth on the embedded database, which takes them one after another: tests/fixtures/crowd.ts). */
const people = crowd(1000).toLocaleString('en-GB');

async function sale(price: number, capacity = 2000) {
  const { event, types } = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: price ? 'Standard' : 'Community', price, currency: 'GBP', capacity }],
  });
  return { eventId: event.id as string, typeId: (types[0] as { id: string }).id };
}

/** Any address in the /64 `prefix` (four groups), with a random interface id, as a phone picks them. */
const inLine = (prefix: string) => `${prefix}:${[0, 1, 2, 3].map(() => randomBytes(2).toString('hex')).join(':')}`;

const order = (target: { eventId: string; typeId: string }, remoteAddress: string, quantity = 1, buyer = newBuyer()) =>
  placeOrder(api.app, orderBody(target.eventId, [{ ticketTypeId: target.typeId, quantity }], buyer), { remoteAddress });

const taken = async (typeId: string) => {
  const stock = await soldAndHeld(db(), typeId);
  return stock.held + stock.sold;
};

describe('one network buying free tickets without proven emails', () => {
  it(`takes at most one person’s share of a free event with ${people} fresh emails from one /64`, {
    timeout: 300_000,
  }, async () => {
    const free = await sale(0);
    const statuses = new Map<number, number>();
    const placed: { order: OrderView; email: string }[] = [];
    for (let attempt = 0; attempt < crowd(1000); attempt += 1) {
      const buyer = newBuyer();
      const response = await order(free, inLine('2001:db8:bad:1'), 1, buyer);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 201) placed.push({ order: response.json().data as OrderView, email: buyer.email });
      else if (response.statusCode === 409) expect(response.json().message).toContain('from your network');
    }
    // Reading every code (a catch-all domain would) proves the emails but takes nothing more.
    for (const { order: held, email } of placed) {
      const confirmed = await api.app.inject({
        method: 'POST',
        url: `/api/orders/${held.id}/confirm-email?token=${held.accessToken}`,
        payload: { code: await latestCode(db(), email) },
        remoteAddress: inLine('2001:db8:bad:1'),
      });
      expect(confirmed.statusCode).toBe(200);
    }
    expect((await order(free, inLine('2001:db8:bad:1'))).statusCode).toBe(409);
    const tickets = await taken(free.typeId);
    process.stdout.write(
      `${people} fresh emails from one /64: ${tickets} tickets of a free event taken (answers ${JSON.stringify(Object.fromEntries(statuses))})\n`,
    );
    expect(tickets).toBeLessThanOrEqual(10);
    expect(statuses.get(201)).toBe(10);
    expect(statuses.get(409)).toBe(crowd(1000) - 10);
  });

  it(`leaves ${people} people on ${people} different /64s alone`, { timeout: 300_000 }, async () => {
    const free = await sale(0);
    const statuses: number[] = [];
    for (let person = 0; person < crowd(1000); person += 1)
      statuses.push((await order(free, lineAddress(50_000 + person))).statusCode);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(await soldAndHeld(db(), free.typeId)).toMatchObject({ held: crowd(1000) });
  });

  it('takes no more when its orders arrive all at once', { timeout: 60_000 }, async () => {
    const free = await sale(0);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => order(free, inLine('2001:db8:bad:2'), 1 + (index % 3))),
    );
    expect(responses.map((response) => response.statusCode).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const held = responses
      .filter((response) => response.statusCode === 201)
      .reduce((sum, response) => sum + ((response.json().data as OrderView).items[0]?.quantity ?? 0), 0);
    expect(held).toBeLessThanOrEqual(10);
    expect(held).toBeGreaterThanOrEqual(8);
    expect(await taken(free.typeId)).toBe(held);
  });

  it('takes no more when its orders arrive all at once after some of its holds lapsed', { timeout: 60_000 }, async () => {
    const free = await sale(0);
    const early: OrderView[] = [];
    for (let index = 0; index < 3; index += 1) early.push((await order(free, inLine('2001:db8:bad:7'), 2)).json().data);
    for (const lapsing of early.slice(0, 2)) await lapseHold(db(), lapsing.id);
    // Its count says 6, but only 2 are held: small orders pass on the count, larger ones are counted exactly.
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => order(free, inLine('2001:db8:bad:7'), 1 + (index % 3))),
    );
    expect(responses.map((response) => response.statusCode).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const live = await db()
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select((eb) => eb.fn.sum<string>('order_items.quantity').as('tickets'))
      .where('orders.event_id', '=', free.eventId)
      .where('orders.status', '=', 'pending')
      .where('orders.hold_expires_at', '>', new Date())
      .executeTakeFirstOrThrow();
    expect(Number(live.tickets)).toBeLessThanOrEqual(10);
    expect(Number(live.tickets)).toBeGreaterThanOrEqual(8);
  });

  it('gets its share back when holds lapse without their code', async () => {
    const free = await sale(0);
    const held: OrderView[] = [];
    for (let index = 0; index < 5; index += 1) held.push((await order(free, inLine('2001:db8:bad:3'), 2)).json().data);
    expect((await order(free, inLine('2001:db8:bad:3'))).statusCode).toBe(409);
    for (const lapsing of held.slice(0, 2)) await lapseHold(db(), lapsing.id);
    // Lapsed holds no longer count, even before the sweeper has released them.
    expect((await order(free, inLine('2001:db8:bad:3'), 4)).statusCode).toBe(201);
    expect((await order(free, inLine('2001:db8:bad:3'))).statusCode).toBe(409);
  });

  it('counts an IPv4 address as one network, whether it comes through an IPv4 or an IPv6 socket', async () => {
    const free = await sale(0);
    expect((await order(free, '203.0.113.50', 5)).statusCode).toBe(201);
    expect((await order(free, '::ffff:203.0.113.50', 5)).statusCode).toBe(201);
    expect((await order(free, '::ffff:cb00:7132')).statusCode).toBe(409);
    expect((await order(free, '203.0.113.51', 5)).statusCode).toBe(201);
  });

  it('does not count signed-in buyers with their confirmed email', { timeout: 60_000 }, async () => {
    const free = await sale(0);
    for (let person = 0; person < 2; person += 1) {
      const account = await signedInAccount(api.app, db());
      const response = await placeOrder(
        api.app,
        orderBody(free.eventId, [{ ticketTypeId: free.typeId, quantity: 10 }], { name: 'Ada', email: account.account.email }),
        { headers: account.bearer, remoteAddress: inLine('2001:db8:bad:4') },
      );
      expect(response.json().data).toMatchObject({ status: 'paid' });
    }
    expect(await soldAndHeld(db(), free.typeId)).toMatchObject({ sold: 20 });
    expect((await order(free, inLine('2001:db8:bad:4'), 10)).statusCode).toBe(201);
  });
});

describe('one network holding paid tickets', () => {
  it('holds at most 40 unpaid at once; paid ones make room, and other networks are not held up', async () => {
    const paid = await sale(1500);
    const held: OrderView[] = [];
    for (let index = 0; index < 20; index += 1) {
      const response = await order(paid, '198.51.100.60', 2);
      expect(response.statusCode).toBe(201);
      held.push(response.json().data);
    }
    const refused = await order(paid, '198.51.100.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('waiting for payment from your network');
    expect((await order(paid, '198.51.100.61', 2)).statusCode).toBe(201);
    for (const paying of held.slice(0, 3)) expect((await paySandbox(api.app, paying)).json().data.outcome).toBe('succeeded');
    for (let index = 0; index < 3; index += 1) expect((await order(paid, '198.51.100.60', 2)).statusCode).toBe(201);
    expect((await order(paid, '198.51.100.60')).statusCode).toBe(429);
    expect(await soldAndHeld(db(), paid.typeId)).toMatchObject({ sold: 6, held: 42 });
  });
});

describe('code mails', () => {
  it('go to one address at most 10 times an hour, whatever network asks', { timeout: 120_000 }, async () => {
    await awayFromWindowEdge(60 * 60);
    const [first, second] = [await sale(0), await sale(0)];
    const buyer = newBuyer();
    for (let index = 0; index < 10; index += 1) {
      expect((await order(first, lineAddress(70_000 + index), 1, buyer)).statusCode).toBe(201);
    }
    const flooded = await order(second, lineAddress(70_100), 1, buyer);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it('leave one network at most 30 times an hour', { timeout: 120_000 }, async () => {
    await awayFromWindowEdge(60 * 60);
    const events = [await sale(0), await sale(0), await sale(0), await sale(0)];
    for (const free of events.slice(0, 3)) {
      for (let index = 0; index < 10; index += 1) expect((await order(free, inLine('2001:db8:bad:5'))).statusCode).toBe(201);
    }
    expect((await order(events[3] as { eventId: string; typeId: string }, inLine('2001:db8:bad:5'))).statusCode).toBe(429);
  });
});

describe('the network limits', () => {
  it('forget the counts of an event a day after it ended, and keep those of events still on sale', async () => {
    const [ended, live] = [await sale(0), await sale(0)];
    for (const target of [ended, live]) expect((await order(target, inLine('2001:db8:bad:6'))).statusCode).toBe(201);
    const longAgo = new Date(Date.now() - 2 * 86_400_000);
    await db()
      .updateTable('events')
      .set({ starts_at: new Date(longAgo.getTime() - 3_600_000), ends_at: longAgo })
      .where('id', '=', ended.eventId)
      .execute();
    expect(await pruneNetworkCounts(db())).toBeGreaterThanOrEqual(1);
    const left = await db()
      .selectFrom('network_ticket_counts')
      .select('event_id')
      .where('network_prefix', '=', '2001:db8:bad:6::/64')
      .execute();
    expect(left.map((row) => row.event_id)).toEqual([live.eventId]);
  });

  it('are one person’s free tickets and four people’s holds by default, and can be turned off', () => {
    const dataDir = api.config.dataDir;
    expect(loadConfig({ DATA_DIR: dataDir }).networkLimits).toEqual({ freeTickets: 10, heldTickets: 40 });
    const off = { DATA_DIR: dataDir, ORDER_FREE_TICKETS_PER_NETWORK: '0', ORDER_HELD_TICKETS_PER_NETWORK: '0' };
    expect(loadConfig(off).networkLimits).toEqual({ freeTickets: 0, heldTickets: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir, ORDER_HELD_TICKETS_PER_NETWORK: '-1' })).toThrow(
      /ORDER_HELD_TICKETS_PER_NETWORK/,
    );
  });
});

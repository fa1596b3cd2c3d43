import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWithSharedPlaces, quotaCounts } from '../fixtures/capacity.ts';
import { crowd } from '../fixtures/crowd.ts';
import { lineAddress, type OrderView, orderBody, paySandbox, placeOrder } from '../fixtures/orders.ts';
import { onPostgres, type SecondInstance, secondInstance } from '../fixtures/second-instance.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Two ticket types sharing 100 places and 500 buyers at once on both (a fifth of each on the embedded database, see
// tests/fixtures/crowd.ts): exactly as many tickets as places are issued, on this database
// and (on PostgreSQL) across two instances with their own pools; the same when the limit is the event's capacity. On
// PostgreSQL the buyers' orders lock the rows of the places before their types' (decision 061): orders of one type, of
// the other and of both, and buyers giving up holds meanwhile, never deadlock (a deadlock would answer 500).

let api: TestApi;
let second: SecondInstance | undefined;
beforeAll(async () => {
  api = await createTestApi();
  if (onPostgres) second = await secondInstance(api, 'quotas');
});
afterAll(async () => {
  await second?.close();
  await api.close();
});
const db = () => api.database.db;

let lines = 20_000;
/** The places raced for and the buyers racing (a fifth of each on the embedded database: tests/fixtures/crowd.ts). */
const places = crowd(100);
const buyers = crowd(500);
type Item = { ticketTypeId: string; quantity: number };

/** Each buyer's order from their own line, sent to the apps in turn, all at once. */
async function rush(apps: FastifyInstance[], eventId: string, orders: Item[][]) {
  const answers = await Promise.all(
    orders.map((items, index) => {
      lines += 1;
      return placeOrder(apps[index % apps.length] as FastifyInstance, orderBody(eventId, items), {
        remoteAddress: lineAddress(lines),
      });
    }),
  );
  const placed = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().data as OrderView);
  return {
    placed,
    others: answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 409).map((answer) => answer.body),
    refusals: new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message as string)),
  };
}

/** Pays every order, a few at a time; answers the valid tickets of the event's types. */
async function payAll(orders: OrderView[], eventId: string): Promise<number> {
  for (let start = 0; start < orders.length; start += 10) {
    const paid = await Promise.all(orders.slice(start, start + 10).map((order) => paySandbox(api.app, order)));
    expect(paid.map((response) => response.json().data?.outcome)).toEqual(paid.map(() => 'succeeded'));
  }
  const { rows } = await sql<{ issued: number }>`select count(*)::int as issued from tickets k
    join ticket_types t on t.id = k.ticket_type_id where t.event_id = ${eventId} and k.status = 'valid'`.execute(db());
  return rows[0]?.issued ?? 0;
}

/** An order of one ticket per buyer, every other one Early bird, the rest Standard. */
const oneEach = (early: string, standard: string) =>
  Array.from({ length: buyers }, (_, index) => [{ ticketTypeId: index % 2 === 0 ? early : standard, quantity: 1 }]);

async function raceForSharedPlaces(apps: FastifyInstance[]) {
  const sale = await eventWithSharedPlaces(api.app, db(), { shared: places, eventCapacity: 1000 });
  const { placed, others, refusals } = await rush(apps, sale.event.id, oneEach(sale.early, sale.standard));
  return { sale, placed, others, refusals };
}

describe(`two ticket types sharing ${places} places, ${buyers} buyers at once on both`, () => {
  it(`issue exactly ${places} tickets; the others are told the places are gone and hold nothing`, {
    timeout: 300_000,
  }, async () => {
    const { sale, placed, others, refusals } = await raceForSharedPlaces([api.app]);
    expect(others).toEqual([]);
    expect(placed).toHaveLength(places);
    expect([...refusals]).toEqual(['Early bird and Standard are sold out.']);
    expect(await payAll(placed, sale.event.id)).toBe(places);
    expect(await quotaCounts(db(), sale.event.id)).toEqual({ Floor: places, Venue: places });
  });

  it.runIf(onPostgres)(
    `split between two instances on one PostgreSQL, issue exactly ${places} too`,
    { timeout: 300_000 },
    async () => {
      const { sale, placed, others } = await raceForSharedPlaces([api.app, second?.app as FastifyInstance]);
      expect(others).toEqual([]);
      expect(placed).toHaveLength(places);
      expect(await payAll(placed, sale.event.id)).toBe(places);
      expect(await quotaCounts(db(), sale.event.id)).toEqual({ Floor: places, Venue: places });
    },
  );
});

describe(`an event of ${places} places over all its ticket types, ${buyers} buyers at once on three types`, () => {
  it(`issues exactly ${places} tickets`, { timeout: 300_000 }, async () => {
    const apps = second ? [api.app, second.app] : [api.app];
    const sale = await eventWithSharedPlaces(api.app, db(), { shared: 1000, ownCapacity: 1000, eventCapacity: places });
    const types = [sale.early, sale.standard, sale.balcony];
    const orders = Array.from({ length: buyers }, (_, index) => [{ ticketTypeId: types[index % 3] as string, quantity: 1 }]);
    const { placed, others, refusals } = await rush(apps, sale.event.id, orders);
    expect(others).toEqual([]);
    expect(placed).toHaveLength(places);
    expect([...refusals]).toEqual(['This event is sold out.']);
    expect(await payAll(placed, sale.event.id)).toBe(places);
    // Floor counts the Early bird and Standard tickets among them (quotaCounts checks each count against the tickets).
    expect((await quotaCounts(db(), sale.event.id)).Venue).toBe(places);
  });
});

describe('orders of one shared type, of the other and of both, while other buyers give up their holds', () => {
  it('never deadlock, and every count stays exact', { timeout: 300_000 }, async () => {
    const apps = second ? [api.app, second.app] : [api.app];
    const sale = await eventWithSharedPlaces(api.app, db(), { shared: crowd(150), eventCapacity: crowd(200) });
    const { early, standard, balcony } = sale;
    const both = [
      { ticketTypeId: early, quantity: 1 },
      { ticketTypeId: standard, quantity: 1 },
    ];
    const first = await rush(
      apps,
      sale.event.id,
      Array.from({ length: crowd(60) }, () => both),
    );
    expect(first.placed).toHaveLength(crowd(60));
    const mixes: Item[][] = [
      both,
      [{ ticketTypeId: early, quantity: 1 }],
      [{ ticketTypeId: standard, quantity: 2 }],
      [
        { ticketTypeId: standard, quantity: 1 },
        { ticketTypeId: balcony, quantity: 1 },
      ],
    ];
    const [releases, later] = await Promise.all([
      Promise.all(
        first.placed.map((order, index) =>
          (apps[index % apps.length] as FastifyInstance).inject({
            method: 'POST',
            url: `/api/orders/${order.id}/release?token=${order.accessToken}`,
          }),
        ),
      ),
      rush(
        apps,
        sale.event.id,
        Array.from({ length: crowd(300) }, (_, index) => mixes[index % mixes.length] as Item[]),
      ),
    ]);
    expect(releases.map((response) => response.statusCode)).toEqual(releases.map(() => 200));
    expect(later.others).toEqual([]);
    const counts = await quotaCounts(db(), sale.event.id);
    expect(counts.Floor).toBeLessThanOrEqual(crowd(150));
    expect(counts.Venue).toBeLessThanOrEqual(crowd(200));
    // Places freed by the releases went to the buyers who came after them, up to the limits.
    expect(later.placed.length).toBeGreaterThan(0);
  });
});

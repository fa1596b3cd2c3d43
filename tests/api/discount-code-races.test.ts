import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowd } from '../fixtures/crowd.ts';
import { eventOnSale, lineAddress, orderBody, placeOrder } from '../fixtures/orders.ts';
import { onPostgres, type SecondInstance, secondInstance } from '../fixtures/second-instance.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A code limited to 50 uses and 500 buyers at once: exactly 50 orders use it, on this database and (on PostgreSQL)
// across two instances with their own pools, as a deployment behind a load balancer has them. A fifth of each on the
// embedded database, whose one connection runs the orders one after another (tests/fixtures/crowd.ts).
const [uses, buyers] = [crowd(50), crowd(500)];

let api: TestApi;
let second: SecondInstance | undefined;
beforeAll(async () => {
  api = await createTestApi();
  if (onPostgres) second = await secondInstance(api, 'codes');
});
afterAll(async () => {
  await second?.close();
  await api.close();
});

async function raceForCode(apps: FastifyInstance[]) {
  const { organiser, event, types } = await eventOnSale(api.app, api.database.db, {
    ticketTypes: [{ name: 'Standard', price: 2000, currency: 'GBP', capacity: 1000, maxPerOrder: 10 }],
  });
  const standard = (types[0] as { id: string }).id;
  const created = await api.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/discount-codes`,
    headers: organiser.bearer,
    payload: { code: 'FIFTY', kind: 'percent', value: 25, maxUses: uses },
  });
  expect(created.statusCode).toBe(201);
  const codeId = created.json().data.id as string;
  const answers = await Promise.all(
    Array.from({ length: buyers }, (_, index) =>
      placeOrder(
        apps[index % apps.length] as FastifyInstance,
        { ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }]), code: 'FIFTY' },
        { remoteAddress: lineAddress(index) },
      ),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  const refusals = new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message));
  const { rows } = await sql<{ orders: number; uses: number; held: number }>`
    select (select count(*)::int from orders where discount_code_id = ${codeId}) as orders,
      (select uses from discount_codes where id = ${codeId}) as uses,
      (select taken from ticket_types where id = ${standard}) as held`.execute(api.database.db);
  return { statuses, refusals, counts: rows[0] };
}

describe(`${buyers} buyers at once with a code limited to ${uses} uses`, () => {
  it(`place exactly ${uses} orders with it; the others are told it is used up and hold nothing`, {
    timeout: 180_000,
  }, async () => {
    const { statuses, refusals, counts } = await raceForCode([api.app]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(uses);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect([...refusals]).toEqual(['That code has been used as many times as it can be.']);
    expect(counts).toEqual({ orders: uses, uses, held: uses });
  });

  it.runIf(onPostgres)(
    `split between two instances on one PostgreSQL, place exactly ${uses} too`,
    { timeout: 180_000 },
    async () => {
      const { statuses, counts } = await raceForCode([api.app, second?.app as FastifyInstance]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(uses);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      expect(counts).toEqual({ orders: uses, uses, held: uses });
    },
  );
});

describe('one buyer in five tabs at once with a code of one use per buyer', () => {
  it('places one order with it; the others are told they have used it', { timeout: 60_000 }, async () => {
    const { organiser, event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Standard', price: 2000, currency: 'GBP', capacity: 100, maxPerOrder: 10 }],
    });
    const standard = (types[0] as { id: string }).id;
    const created = await api.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/discount-codes`,
      headers: organiser.bearer,
      payload: { code: 'ONEEACH', kind: 'percent', value: 50, maxUsesPerBuyer: 1 },
    });
    expect(created.statusCode).toBe(201);
    const buyer = { name: 'Ada Lovelace', email: 'ada.tabs@example.com' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        placeOrder(
          api.app,
          { ...orderBody(event.id, [{ ticketTypeId: standard, quantity: 1 }], buyer), code: 'ONEEACH' },
          { remoteAddress: lineAddress(1000 + index) },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message);
    expect(new Set(refused)).toEqual(new Set(['You have used that code as many times as one buyer can.']));
  });
});

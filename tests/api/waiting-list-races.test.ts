import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { expireLapsedHolds } from '../../server/features/orders/order-lifecycle.service.ts';
import { eventOnSale, lineAddress, type OrderView, orderBody, paySandbox, placeOrder } from '../fixtures/orders.ts';
import { onPostgres, type SecondInstance, secondInstance } from '../fixtures/second-instance.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import { entriesOf, holdEach, openList, queued, sweep, takeOffer } from '../fixtures/waiting-list.ts';

// Waiting lists under load (decision 063): places coming back from refunds and lapsed holds while sweeps run on two
// instances are offered exactly once each, in arrival order; an offer and a direct buyer racing for the last place
// end with one booking and one sentence.

let api: TestApi;
let second: SecondInstance | undefined;
beforeAll(async () => {
  api = await createTestApi();
  if (onPostgres) second = await secondInstance(api, 'waiting');
});
afterAll(async () => {
  await second?.close();
  await api.close();
});
const db = () => api.database.db;
const sweeps = () => [db(), second?.db ?? db()].map((each: Db) => sweep(each, api.config.jwtSecret));

let lines = 90_000;
const nextLine = () => {
  lines += 1;
  return lineAddress(lines);
};

async function listEvent(capacity: number) {
  const sale = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: 'Standard', price: 2000, currency: 'GBP', capacity, maxPerOrder: 4 }],
  });
  const type = sale.types[0];
  if (!type) throw new Error('no type');
  await openList(api.app, sale.organiser, sale.event.id);
  return { ...sale, type };
}

const takenOf = async (ticketTypeId: string) =>
  (await db().selectFrom('ticket_types').select('taken').where('id', '=', ticketTypeId).executeTakeFirstOrThrow()).taken;

describe('places coming back while a hundred people wait', () => {
  it('20 refunds and 20 lapsed holds make exactly 40 offers, to the first 40 in the queue', async () => {
    const sale = await listEvent(40);
    const holds = await holdEach(api.app, sale.event.id, sale.type.id, 40);
    const paid = holds.slice(0, 20);
    for (const order of paid) expect((await paySandbox(api.app, order)).json().data.outcome).toBe('succeeded');
    const people: string[] = [];
    for (let index = 0; index < 100; index += 1)
      people.push((await queued(api.app, db(), sale.event.id, sale.type.id)).buyer.email);
    expect(await sweep(db(), api.config.jwtSecret)).toBe(0);

    const apps: FastifyInstance[] = [api.app, second?.app ?? api.app];
    await sql`update orders set hold_expires_at = now() - interval '1 second' where id in (${sql.join(
      holds.slice(20).map((order) => order.id),
    )})`.execute(db());
    const refunds = paid.map((order, index) =>
      (apps[index % 2] as FastifyInstance).inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refunds`,
        headers: { ...sale.organiser.bearer, 'idempotency-key': randomUUID() },
        payload: { reason: 'The organiser refunded it.' },
      }),
    );
    const [answers] = await Promise.all([
      Promise.all(refunds),
      expireLapsedHolds(db(), { eventId: sale.event.id }),
      expireLapsedHolds(second?.db ?? db(), { eventId: sale.event.id }),
      ...sweeps(),
      ...sweeps(),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(paid.map(() => 200));
    await Promise.all(sweeps());

    const entries = await entriesOf(db(), sale.event.id);
    expect(entries.map((entry) => entry.email)).toEqual(people);
    expect(entries.slice(0, 40).every((entry) => entry.status === 'offered' && entry.offered_quantity === 1)).toBe(true);
    expect(entries.slice(40).every((entry) => entry.status === 'waiting')).toBe(true);
    // Every place that came back is held by exactly one offer, and nothing more is held.
    expect(await takenOf(sale.type.id)).toBe(40);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('subject', 'like', 'Tickets are held for you:%')
      .where('to_address', 'in', people)
      .executeTakeFirstOrThrow();
    expect(Number(mails.count)).toBe(40);
  }, 180_000);
});

describe('an offer and a direct buyer racing for the last place', () => {
  /** One place, held; one person waits; the hold lapses and their offer is made. */
  async function offeredLastPlace(expiresIn: string) {
    const sale = await listEvent(1);
    const [hold] = await holdEach(api.app, sale.event.id, sale.type.id, 1);
    const person = await queued(api.app, db(), sale.event.id, sale.type.id);
    await sql`update orders set hold_expires_at = now() - interval '1 second' where id = ${(hold as OrderView).id}`.execute(db());
    await expireLapsedHolds(db(), { eventId: sale.event.id });
    expect(await sweep(db(), api.config.jwtSecret)).toBe(1);
    await sql`update waiting_list_entries set offer_expires_at = now() + ${expiresIn}::interval
      where email = ${person.buyer.email}`.execute(db());
    const direct = () =>
      placeOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: sale.type.id, quantity: 1 }]), { remoteAddress: nextLine() });
    const offer = () =>
      takeOffer(second?.app ?? api.app, {
        eventId: sale.event.id,
        ticketTypeId: sale.type.id,
        token: person.token,
        email: person.buyer.email,
      });
    return { sale, person, direct, offer };
  }

  /** A refusal is a 409 with a sentence. */
  const told = (answer: { statusCode: number; body: string }) =>
    answer.statusCode === 409 && /^[A-Z].+\.$/.test(JSON.parse(answer.body).message as string);

  it('the offer wins while it is open: every direct buyer is told the tickets are sold out', async () => {
    const race = await offeredLastPlace('1 hour');
    const answers = await Promise.all([race.offer(), ...Array.from({ length: 10 }, race.direct), ...sweeps()]);
    const [offer, ...others] = answers.slice(0, 11) as Awaited<ReturnType<typeof race.offer>>[];
    expect(offer?.statusCode).toBe(201);
    expect(others.every(told)).toBe(true);
    expect(await takenOf(race.sale.type.id)).toBe(1);
    expect((await entriesOf(db(), race.sale.event.id))[0]?.status).toBe('accepted');
  });

  it('once it lapses, its place goes on sale and the offer is refused with a sentence', async () => {
    const race = await offeredLastPlace('-1 second');
    const late = await race.offer();
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This offer lapsed at .+; its places passed to the next person on the waiting list\.$/);
    await Promise.all(sweeps());
    const answers = await Promise.all([race.offer(), ...Array.from({ length: 10 }, race.direct)]);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 201).every(told)).toBe(true);
    expect(answers[0]?.statusCode).toBe(409);
    expect(await takenOf(race.sale.type.id)).toBe(1);
  });

  it('as it lapses, exactly one of them books the place and the other is told', async () => {
    const race = await offeredLastPlace('300 milliseconds');
    const later = (ms: number, work: () => Promise<{ statusCode: number; body: string }>) =>
      new Promise<{ statusCode: number; body: string }>((resolve) => setTimeout(() => resolve(work()), ms));
    const answers = await Promise.all([
      later(250, race.offer),
      ...Array.from({ length: 8 }, (_, index) => later(150 + index * 50, race.direct)),
      ...Array.from({ length: 6 }, (_, index) =>
        later(100 + index * 100, async () => ({ statusCode: 0, body: String(await sweep(db(), api.config.jwtSecret)) })),
      ),
    ]);
    const orders = answers.slice(0, 9);
    // However the host's timing fell, once the sweeps are done the place is booked by the offer, or back on sale.
    await Promise.all(sweeps());
    if (!orders.some((answer) => answer.statusCode === 201)) orders.push(await race.direct());
    expect(orders.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(orders.filter((answer) => answer.statusCode !== 201).every(told)).toBe(true);
    expect(await takenOf(race.sale.type.id)).toBe(1);
    const [entry] = await entriesOf(db(), race.sale.event.id);
    expect(['accepted', 'lapsed', 'offered']).toContain(entry?.status);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayouts } from '../../server/features/payouts/payout-job.service.ts';
import { makeSandboxPayouts } from '../../server/features/payouts/payouts.repository.ts';
import { inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { heldOrder, newBuyer, type OrderView, orderBody, paySandbox, readOrder } from '../fixtures/orders.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Sandbox payouts after an event ends: who sees them, that several instances make each payout once, and that the
// transactions ledger reconciles to the payouts to the cent.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;

async function typeOf(eventId: string) {
  const row = await db()
    .selectFrom('ticket_types')
    .select('id')
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A paid sandbox order of `quantity` tickets. */
async function paid(eventId: string, quantity: number) {
  const held = await heldOrder(api.app, orderBody(eventId, [{ ticketTypeId: await typeOf(eventId), quantity }], newBuyer()));
  const outcome = await paySandbox(api.app, held);
  if (outcome.json().data?.outcome !== 'succeeded') throw new Error(`payment failed: ${outcome.body}`);
  return (await readOrder(api.app, held)).json().data as OrderView;
}

/** The event took place yesterday. */
const endEvent = (eventId: string) =>
  db()
    .updateTable('events')
    .set({ starts_at: new Date(Date.now() - 30 * 3_600_000), ends_at: new Date(Date.now() - 26 * 3_600_000) })
    .where('id', '=', eventId)
    .execute();

const get = (url: string, headers: Record<string, string>) => api.app.inject({ method: 'GET', url: `/api${url}`, headers });

/** Each order's money from the ledger, summed independently of the server's code. */
async function ledgerOf(organizationId: string) {
  const { rows } = await sql<{ order_id: string; kind: string; amount: number; currency: string; payout_id: string | null }>`
    select l.order_id, l.kind, l.amount, l.currency, l.payout_id from ledger_entries l
      join events e on e.id = l.event_id where e.organization_id = ${organizationId}`.execute(db());
  return rows;
}

describe('sandbox payouts', () => {
  let owner: Organiser;
  let other: Organiser;
  let finance: { bearer: Record<string, string> };
  let manager: { bearer: Record<string, string> };
  let door: { bearer: Record<string, string> };
  let london: { id: string };
  let paris: { id: string };
  let later: { id: string };
  const orders: OrderView[] = [];

  beforeAll(async () => {
    owner = await verifiedOrganizer(api.app, db(), 'Payout Nights');
    other = await verifiedOrganizer(api.app, db(), 'Other Payouts');
    finance = await teamMember(api.app, db(), owner, 'finance');
    manager = await teamMember(api.app, db(), owner, 'manager');
    door = await teamMember(api.app, db(), owner, 'door');
    london = await publishedEvent(api.app, owner, {
      ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 }],
    });
    paris = await publishedEvent(api.app, owner, {
      title: 'Jazz sur la Seine',
      startsAt: inDays(20),
      endsAt: inDays(20, 23),
      ticketTypes: [{ name: 'Entrée', price: 2000, currency: 'EUR', capacity: 50 }],
    });
    later = await publishedEvent(api.app, owner, {
      title: 'Next month',
      startsAt: inDays(30),
      endsAt: inDays(30, 23),
      ticketTypes: [{ name: 'Standard', price: 1000, currency: 'GBP', capacity: 50 }],
    });
    orders.push(await paid(london.id, 2), await paid(london.id, 1), await paid(paris.id, 3), await paid(later.id, 1));
    // One ticket of the first order refunded before the event: the payout is net of it.
    const refund = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${orders[0]?.id}/refunds`,
      headers: { ...owner.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [orders[0]?.tickets[0]?.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
  });

  it('pays nothing out before an event ends', async () => {
    const made = await makeSandboxPayouts(db());
    expect(made.filter((payout) => payout.organizationId === owner.organizationId)).toEqual([]);
    const answer = await get(`/organizations/${owner.organizationId}/payouts`, owner.bearer);
    expect(answer.statusCode, answer.body).toBe(200);
    const gbp = answer.json().data.balances.find((row: { currency: string }) => row.currency === 'GBP');
    expect(gbp.paidOut).toBe(0);
    expect(gbp.pending).toBe(gbp.net);
    expect(gbp.net).toBeGreaterThan(0);
  });

  it('pays nothing out while payouts are disabled or the organisation is suspended', async () => {
    await endEvent(london.id);
    await db().updateTable('organizations').set({ payouts_enabled: false }).where('id', '=', owner.organizationId).execute();
    expect((await makeSandboxPayouts(db())).filter((p) => p.organizationId === owner.organizationId)).toEqual([]);
    await db()
      .updateTable('organizations')
      .set({ payouts_enabled: true, suspended_at: new Date(), suspension_reason: 'Checking' })
      .where('id', '=', owner.organizationId)
      .execute();
    expect((await makeSandboxPayouts(db())).filter((p) => p.organizationId === owner.organizationId)).toEqual([]);
    const answer = await get(`/organizations/${owner.organizationId}/payouts`, owner.bearer);
    expect(answer.json().data.payoutsEnabled).toBe(false);
    await db()
      .updateTable('organizations')
      .set({ suspended_at: null, suspension_reason: null })
      .where('id', '=', owner.organizationId)
      .execute();
  });

  it('makes one payout per organisation and currency when two instances run at once', async () => {
    await endEvent(paris.id);
    const [first, second] = await Promise.all([makeSandboxPayouts(db()), makeSandboxPayouts(db())]);
    const mine = [...first, ...second].filter((payout) => payout.organizationId === owner.organizationId);
    expect(mine.map((payout) => payout.currency).sort()).toEqual(['EUR', 'GBP']);
    expect(mine.find((payout) => payout.currency === 'GBP')?.orders).toBe(2);
    // A third run finds nothing left.
    expect((await makeSandboxPayouts(db())).filter((p) => p.organizationId === owner.organizationId)).toEqual([]);
    const stored = await db().selectFrom('payouts').selectAll().where('organization_id', '=', owner.organizationId).execute();
    expect(stored).toHaveLength(2);
  });

  it('reconciles the transactions ledger to the payouts to the cent', async () => {
    const ledger = await ledgerOf(owner.organizationId);
    const payouts = await db().selectFrom('payouts').selectAll().where('organization_id', '=', owner.organizationId).execute();
    for (const payout of payouts) {
      const covered = (await db().selectFrom('payout_orders').selectAll().where('payout_id', '=', payout.id).execute()).map(
        (row) => row.order_id,
      );
      // The payout is the covered orders' ticket money less their ticket refunds…
      const owed = ledger
        .filter((row) => covered.includes(row.order_id) && (row.kind === 'charge' || row.kind === 'refund'))
        .reduce((sum, row) => sum + row.amount, 0);
      expect(payout.amount).toBe(owed);
      // …and its ledger entries add up to minus the payout.
      const entries = ledger.filter((row) => row.payout_id === payout.id);
      expect(entries.every((row) => row.kind === 'payout' && row.currency === payout.currency)).toBe(true);
      expect(entries.reduce((sum, row) => sum + row.amount, 0)).toBe(-payout.amount);
    }
    // Every paid-out order nets to zero in the ledger once its booking fees are set aside.
    const paidOut = new Set(ledger.filter((row) => row.kind === 'payout').map((row) => row.order_id));
    for (const orderId of paidOut) {
      const left = ledger
        .filter((row) => row.order_id === orderId && !row.kind.startsWith('booking_fee'))
        .reduce((sum, row) => sum + row.amount, 0);
      expect(left).toBe(0);
    }
    // The GBP payout: 2 tickets at £15 and 1 at £15, one refunded: £30.
    expect(payouts.find((payout) => payout.currency === 'GBP')?.amount).toBe(3000);
    expect(payouts.find((payout) => payout.currency === 'EUR')?.amount).toBe(6000);

    // The balance the page shows agrees with the ledger, per currency.
    const answer = (await get(`/organizations/${owner.organizationId}/payouts`, finance.bearer)).json().data;
    for (const balance of answer.balances) {
      const rows = ledger.filter((row) => row.currency === balance.currency);
      const sum = (...kinds: string[]) => rows.filter((row) => kinds.includes(row.kind)).reduce((s, row) => s + row.amount, 0);
      expect(balance.sold).toBe(sum('charge', 'booking_fee'));
      expect(balance.fees).toBe(sum('booking_fee', 'booking_fee_refund'));
      expect(balance.refunds).toBe(0 - sum('refund', 'booking_fee_refund'));
      expect(balance.paidOut).toBe(0 - sum('payout'));
      expect(balance.pending).toBe(sum('charge', 'refund', 'payout'));
    }
    const gbp = answer.balances.find((row: { currency: string }) => row.currency === 'GBP');
    // The later event's £10 is still pending.
    expect(gbp).toMatchObject({ paidOut: 3000, pending: 1000 });
  });

  it('lists payouts in keyset pages and shows the orders a payout covers', async () => {
    const list = await get(`/organizations/${owner.organizationId}/payouts`, owner.bearer);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.provider).toBe('sandbox');
    expect(data.items).toHaveLength(2);
    expect(data.next).toBeNull();
    const gbp = data.items.find((row: { currency: string }) => row.currency === 'GBP');
    expect(gbp).toMatchObject({ amount: 3000, orders: 2, test: true, status: 'paid' });
    const detail = await get(`/organizations/${owner.organizationId}/payouts/${gbp.id}`, finance.bearer);
    expect(detail.statusCode, detail.body).toBe(200);
    const covered = detail.json().data.orderItems;
    expect(covered.map((row: { id: string }) => row.id).sort()).toEqual([orders[0]?.id, orders[1]?.id].sort());
    expect(covered.reduce((sum: number, row: { amount: number }) => sum + row.amount, 0)).toBe(3000);

    // One payout a page, through the cursor.
    await db()
      .insertInto('payouts')
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          organization_id: owner.organizationId,
          currency: 'GBP',
          amount: 0,
          order_count: 0,
          provider: 'sandbox',
          reference: `PO-PAGE${randomUUID().slice(0, 8)}${index}`,
          created_at: new Date(Date.now() - (index + 1) * 86_400_000),
        })),
      )
      .execute();
    const first = (await get(`/organizations/${owner.organizationId}/payouts`, owner.bearer)).json().data;
    expect(first.items).toHaveLength(20);
    const second = (await get(`/organizations/${owner.organizationId}/payouts?after=${first.next}`, owner.bearer)).json().data;
    expect(second.items).toHaveLength(7);
    expect(second.next).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((row: { id: string }) => row.id));
    expect(ids.size).toBe(27);
    const bad = await get(`/organizations/${owner.organizationId}/payouts?after=nonsense`, owner.bearer);
    expect(bad.statusCode).toBe(400);
  });

  it('answers owners and finance only, and never about another organisation’s payouts', async () => {
    const url = `/organizations/${owner.organizationId}/payouts`;
    expect((await get(url, manager.bearer)).statusCode).toBe(403);
    expect((await get(url, door.bearer)).statusCode).toBe(403);
    expect((await get(url, other.bearer)).statusCode).toBe(404);
    expect((await get(url, {})).statusCode).toBe(401);
    const payout = await db()
      .selectFrom('payouts')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .executeTakeFirstOrThrow();
    // Another organisation's id with this payout, or this organisation's id by another owner: not found.
    expect((await get(`/organizations/${other.organizationId}/payouts/${payout.id}`, other.bearer)).statusCode).toBe(404);
    expect((await get(`/organizations/${owner.organizationId}/payouts/${payout.id}`, other.bearer)).statusCode).toBe(404);
    expect((await get(`/organizations/${owner.organizationId}/payouts/${randomUUID()}`, owner.bearer)).statusCode).toBe(404);
    expect((await get(`/organizations/${owner.organizationId}/payouts/${payout.id}`, manager.bearer)).statusCode).toBe(403);
    expect((await get(`/organizations/${owner.organizationId}/payouts/not-an-id`, owner.bearer)).statusCode).toBe(400);
  });

  it('never pays out orders a card provider took (Stripe pays those out itself)', async () => {
    const card = await paid(later.id, 1);
    await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', card.id).execute();
    await endEvent(later.id);
    const made = (await makeSandboxPayouts(db())).filter((p) => p.organizationId === owner.organizationId);
    expect(made).toHaveLength(1);
    const covered = await db()
      .selectFrom('payout_orders')
      .select('order_id')
      .where('payout_id', '=', made[0]?.id as string)
      .execute();
    expect(covered.map((row) => row.order_id)).toEqual([orders[3]?.id]);
  });

  it('makes no payouts when Stripe takes the payments, and the sandbox job pays out what is left', async () => {
    const encore = await publishedEvent(api.app, owner, {
      title: 'Encore',
      ticketTypes: [{ name: 'Standard', price: 1200, currency: 'GBP', capacity: 50 }],
    });
    const order = await paid(encore.id, 1);
    await endEvent(encore.id);
    const log = { info: () => undefined, warn: () => undefined };
    await startPayouts('stripe', db(), log)();
    const covered = () => db().selectFrom('payout_orders').select('payout_id').where('order_id', '=', order.id).execute();
    expect(await covered()).toEqual([]);
    // The sandbox's job runs once at start, then every few minutes.
    await startPayouts('sandbox', db(), log, 60_000)();
    expect(await covered()).toHaveLength(1);
  });
});

describe('payouts with Stripe', () => {
  let stripeApi: TestApi;
  beforeAll(async () => {
    stripeApi = await createTestApi({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_admit',
      STRIPE_WEBHOOK_SECRET: 'whsec_admit_payouts',
      PUBLIC_APP_URL: 'https://admit.example',
    });
  });
  afterAll(() => stripeApi.close());

  it('says Stripe pays out, and lists no payouts of its own', async () => {
    const owner = await verifiedOrganizer(stripeApi.app, stripeApi.database.db, 'Stripe Payouts');
    const answer = await stripeApi.app.inject({
      method: 'GET',
      url: `/api/organizations/${owner.organizationId}/payouts`,
      headers: owner.bearer,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ provider: 'stripe', items: [], next: null });
  });
});

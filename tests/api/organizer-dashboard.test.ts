import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../src/contract/dashboard.ts';
import { doorKit } from '../fixtures/door.ts';
import { markVerified, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { heldOrder, newBuyer, type OrderView, orderBody, paySandbox, readOrder } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const kit = doorKit(() => api);
type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;

async function typesOf(eventId: string) {
  return db()
    .selectFrom('ticket_types')
    .select(['id', 'name', 'capacity'])
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .execute();
}

/** An order paid in the sandbox (a TEST order); `card` makes it as if a card provider had taken it. */
async function paid(eventId: string, ticketTypeId: string, quantity: number, card = true) {
  const held = await heldOrder(api.app, orderBody(eventId, [{ ticketTypeId, quantity }], newBuyer()));
  const outcome = await paySandbox(api.app, held);
  if (outcome.json().data?.outcome !== 'succeeded') throw new Error(`payment failed: ${outcome.body}`);
  const order = (await readOrder(api.app, held)).json().data as OrderView;
  if (card) await db().updateTable('orders').set({ provider: 'stripe' }).where('id', '=', order.id).execute();
  return order;
}

const dashboardOf = (organizationId: string, bearer: Record<string, string>, query = '') =>
  api.app.inject({ method: 'GET', url: `/api/organizations/${organizationId}/dashboard${query}`, headers: bearer });

async function read(organiser: Organiser, query = ''): Promise<Dashboard> {
  const response = await dashboardOf(organiser.organizationId, organiser.bearer, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Dashboard;
}

/** The money of real orders, summed from the ledger here rather than by the server. */
async function ledgerOf(orderIds: string[]) {
  const rows = await db()
    .selectFrom('ledger_entries')
    .select(['kind', 'amount', 'currency'])
    .where('order_id', 'in', orderIds)
    .execute();
  const sum = (kinds: string[]) => rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amount, 0);
  const gross = sum(['charge', 'booking_fee']);
  const fees = sum(['booking_fee', 'booking_fee_refund']);
  const refunds = 0 - sum(['refund', 'booking_fee_refund']);
  return { gross, bookingFees: fees, refunds, net: gross - fees - refunds };
}

describe('the organiser dashboard', () => {
  let organiser: Organiser;
  let london: { id: string };
  let paris: { id: string };
  const real: OrderView[] = [];

  beforeAll(async () => {
    organiser = await verifiedOrganizer(api.app, db(), 'Harbour Dashboards');
    london = await publishedEvent(api.app, organiser);
    paris = await publishedEvent(api.app, organiser, {
      title: 'Jazz sur la Seine',
      ticketTypes: [{ name: 'Entrée', price: 2000, currency: 'EUR', capacity: 50 }],
    });
    const [standard] = await typesOf(london.id);
    const [entree] = await typesOf(paris.id);
    real.push(await paid(london.id, standard?.id as string, 2));
    real.push(await paid(london.id, standard?.id as string, 1));
    real.push(await paid(paris.id, entree?.id as string, 3));
    await paid(london.id, standard?.id as string, 4, false);
    // A refund of one of the two London tickets of the first order.
    await db()
      .updateTable('orders')
      .set({ provider: 'sandbox' })
      .where('id', '=', real[0]?.id as string)
      .execute();
    const refund = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${real[0]?.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [real[0]?.tickets[0]?.id] },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await db()
      .updateTable('orders')
      .set({ provider: 'stripe' })
      .where('id', '=', real[0]?.id as string)
      .execute();
  });

  it('shows money per currency, never summed across, with refunds taken off and TEST orders left out', async () => {
    const board = await read(organiser);
    const londonOrders = real.slice(0, 2).map((order) => order.id);
    const parisOrders = [real[2]?.id as string];
    expect(board.money.map((row) => row.currency)).toEqual(['EUR', 'GBP']);
    expect(board.money.find((row) => row.currency === 'GBP')).toMatchObject(await ledgerOf(londonOrders));
    expect(board.money.find((row) => row.currency === 'EUR')).toMatchObject(await ledgerOf(parisOrders));
    expect(board.money.find((row) => row.currency === 'GBP')?.refunds).toBeGreaterThan(0);
    expect(board.testOrders).toBe(1);
  });

  it('charts what buyers paid per day in each currency, never added together, TEST orders left out', async () => {
    const board = await read(organiser);
    const today = new Date().toISOString().slice(0, 10);
    expect(board.dailyRevenue.map((row) => row.currency)).toEqual(['EUR', 'GBP']);
    const gbp = board.dailyRevenue.find((row) => row.currency === 'GBP');
    const eur = board.dailyRevenue.find((row) => row.currency === 'EUR');
    expect(gbp?.days).toHaveLength(14);
    expect(gbp?.days.at(-1)).toEqual({ day: today, gross: (await ledgerOf(real.slice(0, 2).map((order) => order.id))).gross });
    expect(eur?.days.at(-1)).toEqual({ day: today, gross: (await ledgerOf([real[2]?.id as string])).gross });
    expect(gbp?.days.slice(0, -1).every((day) => day.gross === 0)).toBe(true);
    // One event: only its currency.
    expect((await read(organiser, `?eventId=${paris.id}`)).dailyRevenue.map((row) => row.currency)).toEqual(['EUR']);
  });

  it('counts sold tickets against capacity per ticket type (TEST tickets take seats too)', async () => {
    const board = await read(organiser, `?eventId=${london.id}`);
    expect(board.eventId).toBe(london.id);
    expect(board.ticketTypes.map(({ name, sold, capacity }) => ({ name, sold, capacity }))).toEqual([
      { name: 'Standard', sold: 1 + 1 + 4, capacity: 100 },
      { name: 'VIP', sold: 0, capacity: 10 },
    ]);
    expect(board.ordersByStatus).toEqual([
      { status: 'paid', count: 2 },
      { status: 'partially_refunded', count: 1 },
    ]);
    expect(board.money.map((row) => row.currency)).toEqual(['GBP']);
    const today = new Date().toISOString().slice(0, 10);
    expect(board.dailySales).toHaveLength(14);
    expect(board.dailySales.at(-1)).toEqual({ day: today, tickets: 6 });
  });

  it('counts a ticket scanned twice at the door once', async () => {
    const [ticket] = (await db()
      .selectFrom('tickets')
      .select(['id', 'code'])
      .where('order_id', '=', real[1]?.id as string)
      .execute()) as {
      code: string;
    }[];
    const device = kit.deviceId();
    const door = { owner: organiser, door: organiser, eventId: london.id, typeIds: [] };
    expect((await kit.verdict(door, kit.scan(ticket?.code as string, device))).result).toBe('valid');
    expect((await kit.verdict(door, kit.scan(ticket?.code as string, kit.deviceId()))).result).toBe('already_used');
    const board = await read(organiser, `?eventId=${london.id}`);
    expect(board.door).toEqual({ sold: 6, checkedIn: 1, inside: 1 });
    expect((await read(organiser)).door).toEqual({ sold: 9, checkedIn: 1, inside: 1 });
  });

  it('counts views of the public page, one counter a day, not the organisation’s own looks', async () => {
    const before = (await read(organiser, `?eventId=${paris.id}`)).pageViews;
    for (let view = 0; view < 3; view += 1) await api.app.inject({ method: 'GET', url: `/api/events/${paris.id}` });
    await api.app.inject({ method: 'GET', url: `/api/events/${paris.id}`, headers: organiser.bearer });
    expect((await read(organiser, `?eventId=${paris.id}`)).pageViews).toBe(before + 3);
    // Many readers at once: each is counted, and none waits on the counter (views are written in batches).
    const crowd = await Promise.all(
      Array.from({ length: 40 }, () => api.app.inject({ method: 'GET', url: `/api/events/${paris.id}` })),
    );
    expect(crowd.every((response) => response.statusCode === 200)).toBe(true);
    expect((await read(organiser, `?eventId=${paris.id}`)).pageViews).toBe(before + 43);
    const rows = await db().selectFrom('event_page_views').selectAll().where('event_id', '=', paris.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('lists the setup steps with what is done, payouts as the verification left them', async () => {
    const board = await read(organiser);
    expect(board.setup).toEqual([
      { step: 'profile', done: false },
      { step: 'verification', done: true },
      { step: 'payouts', done: true },
      { step: 'published', done: true },
    ]);
    expect(board.warnings).toEqual([]);
    await db().updateTable('organizations').set({ payouts_enabled: false }).where('id', '=', organiser.organizationId).execute();
    const paused = await read(organiser);
    expect(paused.setup.find((item) => item.step === 'payouts')).toEqual({ step: 'payouts', done: false });
    // Its events on sale with paid tickets are named, with payouts paused.
    expect(paused.warnings).toEqual([{ kind: 'payouts_paused' }, { kind: 'paid_events_unverified', events: expect.any(Number) }]);
    expect((paused.warnings[1] as { events: number }).events).toBeGreaterThan(0);
    await db()
      .updateTable('organizations')
      .set({ kyc_status: 'action_required', suspended_at: new Date() })
      .where('id', '=', organiser.organizationId)
      .execute();
    await db()
      .insertInto('organization_verifications')
      .values({
        organization_id: organiser.organizationId,
        action_required: 'A clearer passport photo',
        action_deadline: new Date('2030-01-02T00:00:00Z'),
      })
      .execute();
    expect((await read(organiser)).warnings.slice(0, 2)).toEqual([
      { kind: 'suspended' },
      { kind: 'action_required', what: 'A clearer passport photo', deadline: '2030-01-02T00:00:00.000Z' },
    ]);
    await markVerified(db(), organiser.organizationId);
    await db().updateTable('organizations').set({ suspended_at: null }).where('id', '=', organiser.organizationId).execute();
    expect((await read(organiser)).warnings).toEqual([]);
  });

  it('warns of refunds still pending after 5 minutes and of refunds that failed in the last 30 days', async () => {
    const set = (status: 'pending' | 'failed' | 'succeeded', agoMs: number) =>
      sql`update refunds set status = ${status}, created_at = ${new Date(Date.now() - agoMs)}
          where order_id = ${real[0]?.id as string}`.execute(db());
    const refundWarnings = async () => (await read(organiser)).warnings.filter((warning) => warning.kind === 'refunds_pending');
    await set('pending', 60_000);
    expect(await refundWarnings()).toEqual([]);
    await set('pending', 6 * 60_000);
    expect(await refundWarnings()).toEqual([{ kind: 'refunds_pending', pending: 1, failed: 0 }]);
    await set('failed', 6 * 60_000);
    expect(await refundWarnings()).toEqual([{ kind: 'refunds_pending', pending: 0, failed: 1 }]);
    await set('failed', 31 * 86_400_000);
    expect(await refundWarnings()).toEqual([]);
    await set('succeeded', 60_000);
    expect(await refundWarnings()).toEqual([]);
  });

  it('is closed to door staff (403), other organisations and strangers (404), and nobody signed in (401)', async () => {
    const door = await kit.member(organiser, 'door');
    expect((await dashboardOf(organiser.organizationId, door.bearer)).statusCode).toBe(403);
    const other = await verifiedOrganizer(api.app, db(), 'Rival Nights');
    expect((await dashboardOf(organiser.organizationId, other.bearer)).statusCode).toBe(404);
    expect((await dashboardOf(organiser.organizationId, other.bearer, `?eventId=${london.id}`)).statusCode).toBe(404);
    expect((await dashboardOf(organiser.organizationId, {})).statusCode).toBe(401);
    // Their own organisation, asked about our event: nothing of it.
    expect((await dashboardOf(other.organizationId, other.bearer, `?eventId=${london.id}`)).statusCode).toBe(404);
    expect((await dashboardOf(organiser.organizationId, organiser.bearer, '?eventId=nope')).statusCode).toBe(400);
  });
});

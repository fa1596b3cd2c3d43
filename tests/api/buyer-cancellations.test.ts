import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { scanAtDoor } from '../fixtures/door.ts';
import { inDays } from '../fixtures/events.ts';
import { eventOnSale, heldOrder, lineAddress, type OrderView, orderBody, paySandbox, soldAndHeld } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import { entriesOf, openList, queued, sweep } from '../fixtures/waiting-list.ts';

// A buyer cancels within the refund policy their order was placed under, and asks the organiser outside it
// (decision 068). Money, stock, the door and mail are checked as the buyer and organiser would find them.

let api: TestApi;
const db = () => api.database.db;
type Headers = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const withToken = (order: OrderView, path = '') => `/orders/${order.id}${path}?token=${order.accessToken ?? ''}`;
const cancel = (order: OrderView, payload: object = {}, key = randomUUID()) =>
  call('POST', withToken(order, '/cancellation'), { 'idempotency-key': key }, payload);
const ask = (order: OrderView, ticketIds: string[], reason = 'My train was cancelled.') =>
  call('POST', withToken(order, '/refund-requests'), {}, { ticketIds, reason });
const read = async (order: OrderView) => (await call('GET', withToken(order))).json().data;

const within = { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 10 } };

let lines = 900;
/** A paid sandbox order of `quantity` £15.00 tickets (87p booking fee each) on an event with the policy. */
async function paidOrder(policy: object | null, quantity = 3, overrides: Record<string, unknown> = {}) {
  const sale = await eventOnSale(api.app, db(), { ...(policy ? { refundPolicy: policy } : {}), ...overrides });
  const typeId = (sale.types[0] as { id: string }).id;
  lines += 1;
  const order = await heldOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity }]), {}, lineAddress(lines));
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  return { order: { ...(await read(order)), accessToken: order.accessToken } as OrderView, ...sale, typeId };
}

const ledgerSum = async (orderId: string) =>
  (await db().selectFrom('ledger_entries').select('amount').where('order_id', '=', orderId).execute()).reduce(
    (sum, row) => sum + row.amount,
    0,
  );

describe('a buyer cancelling within the policy', () => {
  it('is offered each ticket with what comes back, cancels one, and the door refuses it online and after its next sync', async () => {
    // In test mode, so the door admits the sandbox's TEST tickets.
    const { order, event, organiser, typeId } = await paidOrder(within, 3, { testMode: true });
    expect(order.selfService).toMatchObject({ canAsk: false, note: null, request: null });
    // £15.00 + 87p each, less 10% of £15.00.
    expect(order.selfService?.cancellable).toEqual(
      order.tickets.map((ticket) => ({ ticketId: ticket.id, refund: 1500 + 87 - 150, fee: 150 })),
    );
    const [gone, kept] = order.tickets as [OrderView['tickets'][number], OrderView['tickets'][number]];

    const response = await cancel(order, { ticketIds: [gone.id] });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().data;
    expect(after).toMatchObject({ status: 'partially_refunded', refunded: 1437 });
    expect(after.tickets.find((ticket: { id: string }) => ticket.id === gone.id)).toMatchObject({ status: 'voided', code: null });
    expect(after.selfService.cancellable).toHaveLength(2);

    // The money: one refund of £14.37 at the provider, the organiser keeping the £1.50 fee in the ledger.
    const refunds = await db()
      .selectFrom('refunds')
      .select(['amount', 'fee_amount', 'status'])
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds).toEqual([{ amount: 1437, fee_amount: 87, status: 'succeeded' }]);
    expect(await ledgerSum(order.id)).toBe(order.total - 1437);
    // The place goes back on sale.
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2 });

    // The door: refused online at once; a device's next download of the revoked list carries it.
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, gone.code as string)).toBe('voided');
    expect(await scanAtDoor(api.app, event.id, organiser.bearer, kept.code as string)).toBe('valid');
    const keys = await call('GET', `/events/${event.id}/ticket-keys`, organiser.bearer);
    expect(keys.json().data.revoked).toEqual([gone.id]);

    // The checked-in ticket can no longer be cancelled; the third still can.
    const now = await read(order);
    expect(now.selfService.cancellable.map((quote: { ticketId: string }) => quote.ticketId)).toEqual([order.tickets[2]?.id]);
    const refused = await cancel(order, { ticketIds: [kept.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].path).toBe('body.ticketIds');

    // Mailed, with what went back and what was kept; audited.
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('subject', 'like', `%You cancelled 1 ticket%${order.reference}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('£14.37');
    expect(mail.text_body).toContain('£1.50');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', order.id)
      .where('action', '=', 'order.cancelled_by_buyer')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('is answered once per key, and two cancellations of one ticket racing refund it once', async () => {
    const { order } = await paidOrder(within, 2);
    const [first, second] = order.tickets as [OrderView['tickets'][number], OrderView['tickets'][number]];
    const key = randomUUID();
    const once = await cancel(order, { ticketIds: [first.id] }, key);
    const again = await cancel(order, { ticketIds: [first.id] }, key);
    expect([once.statusCode, again.statusCode]).toEqual([200, 200]);
    const otherBody = await cancel(order, { ticketIds: [second.id] }, key);
    expect(otherBody.statusCode).toBe(409);

    const racing = await Promise.all([cancel(order, { ticketIds: [second.id] }), cancel(order, { ticketIds: [second.id] })]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refunds = await db().selectFrom('refunds').select('ticket_ids').where('order_id', '=', order.id).execute();
    expect(refunds).toHaveLength(2);
    expect((await read(order)).status).toBe('refunded');
  });

  it('gives a sold-out type’s place to the first in its waiting list', async () => {
    const { order, event, organiser, typeId } = await paidOrder(within, 2, {
      ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 2 }],
    });
    await openList(api.app, organiser, event.id);
    const first = await queued(api.app, db(), event.id, typeId, 1);
    expect(await sweep(db(), api.config.jwtSecret)).toBe(0);
    expect((await cancel(order, { ticketIds: [order.tickets[0]?.id] })).statusCode).toBe(200);
    expect(await sweep(db(), api.config.jwtSecret)).toBe(1);
    expect(await entriesOf(db(), event.id)).toEqual([
      expect.objectContaining({ email: first.buyer.email, status: 'offered', offered_quantity: 1 }),
    ]);
  });

  it('keeps the policy the order was placed under when the organiser changes the event’s', async () => {
    const { order, event, organiser } = await paidOrder(within, 1);
    const changed = await call('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: { kind: 'none' } });
    expect(changed.statusCode).toBe(200);
    const now = await read(order);
    expect(now.event.refundPolicy).toEqual(within);
    expect(now.selfService.cancellable).toHaveLength(1);
    expect((await cancel(order)).statusCode).toBe(200);
  });

  it('is refused once the deadline has passed, for a policy of no refunds or the organiser’s own, and when turned off', async () => {
    const closed = await paidOrder({ kind: 'until_before_start', notice: 30, unit: 'days', fee: null }, 1);
    expect(closed.order.selfService).toMatchObject({ cancellable: [], cancelUntil: null, canAsk: true });
    expect(closed.order.selfService?.note).toMatch(/^Cancelling closed on .+ \(London time\)\. You can still ask/);
    const none = await paidOrder({ kind: 'none' }, 1);
    expect(none.order.selfService?.note).toBe('This event’s policy is no refunds. You can still ask the organiser.');
    const custom = await paidOrder({ kind: 'custom', text: 'Ask us.' }, 1);
    expect(custom.order.selfService?.note).toBe('The organiser applies their own policy: ask them for a refund.');
    const off = await paidOrder(within, 1, { buyerCancellation: false });
    expect(off.order.selfService?.note).toBe('The organiser handles cancellations for this event: ask them for a refund.');
    for (const { order } of [closed, none, custom, off]) {
      const refused = await cancel(order);
      expect(refused.statusCode, refused.body).toBe(409);
      expect((await read(order)).status).toBe('paid');
    }
    expect(
      await db().selectFrom('refunds').select('id').where('order_id', 'in', [closed.order.id, off.order.id]).execute(),
    ).toEqual([]);
  });

  it('cancels free tickets until the start whatever the policy, and nothing moves', async () => {
    const sale = await eventOnSale(api.app, db(), {
      refundPolicy: { kind: 'none' },
      ticketTypes: [{ name: 'Free seat', price: 0, currency: 'GBP', capacity: 5 }],
    });
    const typeId = (sale.types[0] as { id: string }).id;
    const buyer = await signedInAccount(api.app, db());
    const placed = await call(
      'POST',
      '/orders',
      { ...buyer.bearer, 'idempotency-key': randomUUID() },
      orderBody(sale.event.id, [{ ticketTypeId: typeId, quantity: 2 }], { name: 'Free Rider', email: buyer.account.email }),
    );
    expect(placed.json().data.status).toBe('paid');
    const order = placed.json().data as OrderView;
    expect(order.selfService?.cancellable).toEqual(order.tickets.map((ticket) => ({ ticketId: ticket.id, refund: 0, fee: 0 })));
    expect(order.selfService?.cancelUntil).toBe(new Date(inDays(10)).toISOString());
    const cancelled = await call(
      'POST',
      `/orders/${order.id}/cancellation`,
      { ...buyer.bearer, 'idempotency-key': randomUUID() },
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'refunded', refunded: 0 });
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 0 });
    expect(await db().selectFrom('refunds').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('is the buyer’s alone: no token, a wrong one or another account finds nothing', async () => {
    const { order } = await paidOrder(within, 1);
    const stranger = await signedInAccount(api.app, db());
    for (const [url, headers] of [
      [`/orders/${order.id}/cancellation`, {}],
      [`/orders/${order.id}/cancellation?token=${'x'.repeat(32)}`, {}],
      [`/orders/${order.id}/cancellation`, stranger.bearer],
    ] as const) {
      const response = await call('POST', url, { ...headers, 'idempotency-key': randomUUID() }, {});
      expect(response.statusCode).toBe(404);
    }
    for (const [body, path] of [
      [{ ticketIds: [] }, 'body.ticketIds'],
      [{ ticketIds: ['nope'] }, 'body.ticketIds.0'],
      [{ ticketIds: [order.tickets[0]?.id, order.tickets[0]?.id] }, 'body.ticketIds'],
    ] as const) {
      const response = await cancel(order, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    expect((await read(order)).status).toBe('paid');
  });
});

describe('a refund request outside the policy', () => {
  it('is sent once at a time, listed for the organiser, declined with a note the buyer is mailed, then granted', async () => {
    const { order, organiser } = await paidOrder({ kind: 'none' }, 2);
    const ids = order.tickets.map((ticket) => ticket.id);
    for (const [body, path] of [
      [{ ticketIds: ids, reason: '   ' }, 'body.reason'],
      [{ ticketIds: ids, reason: 'x'.repeat(1001) }, 'body.reason'],
      [{ ticketIds: [], reason: 'Ill.' }, 'body.ticketIds'],
    ] as const) {
      const response = await call('POST', withToken(order, '/refund-requests'), {}, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe(path);
    }
    const sent = await ask(order, ids);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.selfService).toMatchObject({ canAsk: false, request: { status: 'open', ticketIds: ids } });
    expect((await ask(order, ids)).statusCode).toBe(409);

    const listed = await call('GET', `/organizations/${organiser.organizationId}/refund-requests`, organiser.bearer);
    expect(listed.statusCode).toBe(200);
    const [request] = listed.json().data.items;
    expect(request).toMatchObject({
      orderId: order.id,
      reference: order.reference,
      amount: 2 * (1500 + 87),
      reason: 'My train was cancelled.',
      tickets: expect.arrayContaining([expect.objectContaining({ id: ids[0] })]),
    });

    const badNote = await call('POST', `/refund-requests/${request.id}/decision`, organiser.bearer, {
      decision: 'decline',
      note: '',
    });
    expect(badNote.statusCode).toBe(400);
    const declined = await call('POST', `/refund-requests/${request.id}/decision`, organiser.bearer, {
      decision: 'decline',
      note: 'The policy says no refunds <b>sorry</b>.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'declined', decisionNote: 'The policy says no refunds <b>sorry</b>.' });
    const twice = await call('POST', `/refund-requests/${request.id}/decision`, organiser.bearer, { decision: 'refund' });
    expect(twice.statusCode).toBe(409);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('subject', 'like', `%Your refund request%${order.reference}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('The policy says no refunds <b>sorry</b>.');
    expect(mail.html_body).toContain('&lt;b&gt;sorry&lt;/b&gt;');
    const buyerSees = await read(order);
    expect(buyerSees.selfService).toMatchObject({ canAsk: true, request: { status: 'declined' } });
    expect(buyerSees.status).toBe('paid');

    // Asked again, and granted: both tickets refunded in full.
    expect((await ask(order, ids, 'I have a doctor’s note now.')).statusCode).toBe(201);
    const [again] = (await call('GET', `/organizations/${organiser.organizationId}/refund-requests`, organiser.bearer)).json()
      .data.items;
    const granted = await call('POST', `/refund-requests/${again.id}/decision`, organiser.bearer, { decision: 'refund' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data).toMatchObject({ status: 'refunded', refundedAmount: 2 * 1587 });
    const done = await read(order);
    expect(done).toMatchObject({ status: 'refunded', refunded: 2 * 1587 });
    expect(done.selfService).toMatchObject({ canAsk: false, request: { status: 'refunded' } });
    const list = await call('GET', `/organizations/${organiser.organizationId}/refund-requests`, organiser.bearer);
    expect(list.json().data.items.filter((item: { orderId: string }) => item.orderId === order.id)).toEqual([]);
  });

  it('is refused for tickets the buyer can cancel, and closed when the organiser refunds the tickets another way', async () => {
    const inWindow = await paidOrder(within, 1);
    const refused = await ask(inWindow.order, [inWindow.order.tickets[0]?.id as string]);
    expect(refused.statusCode).toBe(409);

    const { order, organiser } = await paidOrder({ kind: 'none' }, 1);
    expect((await ask(order, [order.tickets[0]?.id as string])).statusCode).toBe(201);
    const refunded = await call(
      'POST',
      `/orders/${order.id}/refunds`,
      { ...organiser.bearer, 'idempotency-key': randomUUID() },
      { reason: 'Refunded from the order.' },
    );
    expect(refunded.statusCode).toBe(200);
    expect((await read(order)).selfService.request.status).toBe('closed');
  });

  it('is answered by owners and finance, not by managers, door staff or another organisation', async () => {
    const { order, organiser } = await paidOrder({ kind: 'none' }, 1);
    await ask(order, [order.tickets[0]?.id as string]);
    const [request] = (await call('GET', `/organizations/${organiser.organizationId}/refund-requests`, organiser.bearer)).json()
      .data.items;
    const other = await eventOnSale(api.app, db());
    const answer = (headers: Headers) =>
      call('POST', `/refund-requests/${request.id}/decision`, headers, { decision: 'decline', note: 'No.' });
    expect((await answer(other.organiser.bearer)).statusCode).toBe(404);
    expect((await answer({})).statusCode).toBe(401);
    expect((await read(order)).selfService.request.status).toBe('open');
  });
});

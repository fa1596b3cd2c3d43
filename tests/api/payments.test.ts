import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedHolds } from '../../server/features/orders/order-lifecycle.service.ts';
import { verifyTicketCode } from '../../src/contract/ticket-code.ts';
import {
  checkoutEvent,
  eventOnSale,
  heldOrder,
  lapseHold,
  type OrderView,
  orderBody,
  paySandbox,
  readOrder,
  sandboxWebhook,
  sessionIdOf,
  soldAndHeld,
  testCards,
  unmatchedCapture,
} from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;

async function orderOf(quantity = 2, capacity = 100) {
  const { event, types, organiser } = await eventOnSale(api.app, db(), {
    ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity }],
  });
  const typeId = (types[0] as { id: string }).id;
  const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity }]));
  return { event, typeId, order, organiser };
}

const ledgerOf = (orderId: string) =>
  db()
    .selectFrom('ledger_entries')
    .select(['kind', 'amount'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();

const completed = (order: OrderView, eventId?: string) =>
  checkoutEvent('checkout.session.completed', {
    sessionId: sessionIdOf(order),
    orderId: order.id,
    amount: order.total,
    ...(eventId ? { eventId } : {}),
  });

describe('the sandbox checkout', () => {
  it('shows what is being paid for, in TEST MODE, and nothing for an unknown session', async () => {
    const { order } = await orderOf();
    const response = await api.app.inject({ method: 'GET', url: `/api/payments/sandbox/${sessionIdOf(order)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      orderId: order.id,
      reference: order.reference,
      eventTitle: 'Late Night Jazz at the Docks',
      amount: 3174,
      currency: 'GBP',
      status: 'open',
      successUrl: `/payment-success?orderId=${order.id}&token=${order.accessToken}`,
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/payments/sandbox/cs_test_unknownsession' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: '/api/payments/sandbox/bad!' })).statusCode).toBe(400);
  });

  it('takes the success card: the order is paid, its tickets issued, signed, counted and mailed, and paying again answers the same', async () => {
    const { order, typeId, event } = await orderOf(2);
    const paid = await paySandbox(api.app, order, testCards.ok);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({
      outcome: 'succeeded',
      redirectUrl: `/payment-success?orderId=${order.id}&token=${order.accessToken}`,
    });
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', paymentUrl: null, holdExpiresAt: null, failureReason: null });
    expect(read.tickets).toHaveLength(2);
    const keys = await api.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(keys.statusCode).toBe(200);
    const key = await db()
      .selectFrom('event_signing_keys')
      .select('public_key')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    for (const ticket of read.tickets) {
      const verdict = await verifyTicketCode(ticket.code as string, [key.public_key]);
      expect(verdict).toMatchObject({ ok: true, payload: { ticketId: ticket.id, eventId: event.id, ticketTypeId: typeId } });
    }
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });
    expect(await ledgerOf(order.id)).toEqual([
      { kind: 'booking_fee', amount: 174 },
      { kind: 'charge', amount: 3000 },
    ]);
    const mail = await db().selectFrom('mail_outbox').selectAll().where('subject', 'like', `%${order.reference}%`).execute();
    expect(mail).toHaveLength(1);

    // The buyer's answer was lost and they pay again: answered as the payment was, and nothing is taken twice.
    const again = await paySandbox(api.app, order, testCards.ok);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(paid.json().data);
    expect((await readOrder(api.app, order)).json().data).toMatchObject({ id: order.id, status: 'paid' });
    expect(await ledgerOf(order.id)).toEqual([
      { kind: 'booking_fee', amount: 174 },
      { kind: 'charge', amount: 3000 },
    ]);
  });

  it('refuses a declined card, keeps the hold, and lets the buyer try again', async () => {
    const { order, typeId } = await orderOf(1);
    const declined = await paySandbox(api.app, order, testCards.declined);
    expect(declined.json().data).toEqual({
      outcome: 'declined',
      redirectUrl: `/payment/order-error?orderId=${order.id}&token=${order.accessToken}&reason=declined`,
    });
    let read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.', paymentUrl: order.paymentUrl });
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 1, sold: 0 });

    const poor = await paySandbox(api.app, order, testCards.insufficient);
    expect(poor.json().data.outcome).toBe('insufficient_funds');
    read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read.failureReason).toBe('Your card has insufficient funds.');
    expect((await paySandbox(api.app, order, '5555 5555 5555 4444')).json().data.outcome).toBe('declined');

    expect((await paySandbox(api.app, order, testCards.ok)).json().data.outcome).toBe('succeeded');
    read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', failureReason: null });
    expect(read.tickets).toHaveLength(1);
  });

  it('checks the card form and ends with the hold', async () => {
    const { order } = await orderOf(1);
    const bad = await api.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${sessionIdOf(order)}`,
      payload: { cardNumber: 'abc', expiry: '13/30', cvc: '1', name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'body.cardNumber',
      'body.expiry',
      'body.cvc',
      'body.name',
    ]);
    const expiredCard = await api.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${sessionIdOf(order)}`,
      payload: { cardNumber: testCards.ok, expiry: '01/20', cvc: '123', name: 'Old Card' },
    });
    expect(expiredCard.json().data.outcome).toBe('declined');

    await lapseHold(db(), order.id);
    const late = await paySandbox(api.app, order, testCards.ok);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('hold on the tickets lapsed');
  });
});

describe('webhooks', () => {
  it('issue tickets once when the same event is delivered three times', async () => {
    const { order, typeId } = await orderOf(2);
    const body = completed(order);
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await sandboxWebhook(api.app, api.config.jwtSecret, body);
      expect(response.statusCode).toBe(200);
      outcomes.push(response.json().data.outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate']);
    const tickets = await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute();
    expect(tickets).toHaveLength(2);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });
    expect(await ledgerOf(order.id)).toHaveLength(2);
  });

  it('that matched no payment are applied when the provider delivers them again, once', async () => {
    const { order, typeId } = await orderOf(2);
    const unmatched = await unmatchedCapture(api.app, db(), api.config.jwtSecret, order);
    expect(unmatched.outcome).toBe('unknown_payment');
    // Redelivered while the checkout is still not found: it stays failed, kept once.
    expect((await sandboxWebhook(api.app, api.config.jwtSecret, unmatched.body)).json().data.outcome).toBe('unknown_payment');
    await unmatched.restore();
    const outcomes = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      outcomes.push((await sandboxWebhook(api.app, api.config.jwtSecret, unmatched.body)).json().data.outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate']);
    expect((await readOrder(api.app, order)).json().data.status).toBe('paid');
    expect(await db().selectFrom('tickets').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });
    const kept = await db()
      .selectFrom('payment_events')
      .select('outcome')
      .where('provider_event_id', '=', unmatched.eventId)
      .execute();
    expect(kept).toEqual([{ outcome: 'paid' }]);
  });

  it('issue tickets once when deliveries race, and whatever the order of arrival', async () => {
    const { order, typeId } = await orderOf(3);
    const success = completed(order);
    const failure = checkoutEvent('payment_intent.payment_failed', {
      sessionId: sessionIdOf(order),
      orderId: order.id,
      amount: order.total,
    });
    const expiry = checkoutEvent('checkout.session.expired', {
      sessionId: sessionIdOf(order),
      orderId: order.id,
      amount: order.total,
    });
    // A second capture report under another event id, as Stripe sends for delayed methods.
    const otherId = completed(order);
    const responses = await Promise.all(
      [success, success, success, otherId].map((body) => sandboxWebhook(api.app, api.config.jwtSecret, body)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    // Failure and expiry arriving after the payment change nothing.
    await sandboxWebhook(api.app, api.config.jwtSecret, failure);
    await sandboxWebhook(api.app, api.config.jwtSecret, expiry);
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', failureReason: null });
    expect(read.tickets).toHaveLength(3);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 3, held: 0 });
    expect(await ledgerOf(order.id)).toHaveLength(2);
  });

  it('take a failure before the success in their stride', async () => {
    const { order } = await orderOf(1);
    const failure = checkoutEvent('payment_intent.payment_failed', {
      sessionId: sessionIdOf(order),
      orderId: order.id,
      amount: order.total,
    });
    await sandboxWebhook(api.app, api.config.jwtSecret, failure);
    expect((await readOrder(api.app, order)).json().data.status).toBe('failed');
    await sandboxWebhook(api.app, api.config.jwtSecret, completed(order));
    expect((await readOrder(api.app, order)).json().data.status).toBe('paid');
  });

  it('with a bad signature are refused with 400 and change nothing', async () => {
    const { order, typeId } = await orderOf(2);
    const body = completed(order);
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    const attempts = [
      sandboxWebhook(api.app, api.config.jwtSecret, body, { signature: 't=1,v1=deadbeef' }),
      sandboxWebhook(api.app, 'another-server-secret-that-is-long-enough', body),
      sandboxWebhook(api.app, api.config.jwtSecret, body, { timestamp: stale }),
      sandboxWebhook(api.app, api.config.jwtSecret, body, { signature: '' }),
      api.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The webhook signature is not valid.');
    }
    // A signed body that is then changed no longer matches its signature.
    const { signSandboxWebhook, sandboxWebhookSecret } = await import('../../server/lib/payments/sandbox.ts');
    const signature = signSandboxWebhook(sandboxWebhookSecret(api.config.jwtSecret), body);
    const tampered = await sandboxWebhook(api.app, api.config.jwtSecret, body.replace('"paid"', '"paid" '), { signature });
    expect(tampered.statusCode).toBe(400);

    expect((await readOrder(api.app, order)).json().data.status).toBe('pending');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 0, held: 2 });
    const events = await db().selectFrom('payment_events').select('id').where('order_id', '=', order.id).execute();
    expect(events).toEqual([]);
  });

  it('for an unknown session or another provider are acknowledged or refused without effect', async () => {
    const unknown = checkoutEvent('checkout.session.completed', {
      sessionId: 'cs_test_nobodyknowsthis',
      orderId: '00000000-0000-4000-8000-000000000000',
      amount: 100,
    });
    const response = await sandboxWebhook(api.app, api.config.jwtSecret, unknown);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.outcome).toBe('unknown_payment');
    const stripe = await api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: unknown,
      headers: { 'content-type': 'application/json' },
    });
    expect(stripe.statusCode).toBe(404);
    const other = await api.app.inject({ method: 'POST', url: '/api/payments/webhook/paypal', payload: {} });
    expect(other.statusCode).toBe(400);
  });
});

describe('a payment after the hold lapsed', () => {
  it('is honoured when the tickets are still there', async () => {
    const { order, typeId } = await orderOf(2, 10);
    await lapseHold(db(), order.id);
    await expireLapsedHolds(db());
    expect((await readOrder(api.app, order)).json().data.status).toBe('expired');
    const response = await sandboxWebhook(api.app, api.config.jwtSecret, completed(order));
    expect(response.json().data.outcome).toBe('paid_late');
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', failureReason: null });
    expect(read.tickets).toHaveLength(2);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });
  });

  it('is refunded in full, and the buyer told, when the tickets sold meanwhile', async () => {
    const { order, typeId, event } = await orderOf(2, 2);
    await lapseHold(db(), order.id);
    // Someone else takes the two tickets (the lapsed hold is released before their reservation).
    const rival = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 2 }]));
    await paySandbox(api.app, rival, testCards.ok);

    const response = await sandboxWebhook(api.app, api.config.jwtSecret, completed(order));
    expect(response.json().data.outcome).toBe('refunded_late');
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'refunded', refunded: order.total, tickets: [] });
    expect(read.failureReason).toContain('refunded in full');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });

    const ledger = await ledgerOf(order.id);
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(ledger.map((row) => row.kind).sort()).toEqual(['booking_fee', 'booking_fee_refund', 'charge', 'refund']);
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount: order.total, status: 'succeeded' });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where(
        'to_address',
        '=',
        (await db().selectFrom('orders').select('buyer_email').where('id', '=', order.id).executeTakeFirstOrThrow()).buyer_email,
      )
      .execute();
    expect(mail.map((message) => message.subject)).toContain('[TEST] Your payment for Late Night Jazz at the Docks was refunded');
  });

  it('is refunded when the event was cancelled meanwhile', async () => {
    const { order, typeId, event, organiser } = await orderOf(1, 10);
    const cancelled = await api.app.inject({ method: 'POST', url: `/api/events/${event.id}/cancel`, headers: organiser.bearer });
    expect(cancelled.statusCode).toBe(200);
    expect((await readOrder(api.app, order)).json().data.status).toBe('cancelled');
    const response = await sandboxWebhook(api.app, api.config.jwtSecret, completed(order));
    expect(response.json().data.outcome).toBe('refunded_late');
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'refunded', refunded: order.total, tickets: [] });
    expect(read.failureReason).toBe('The event was cancelled; your payment was refunded in full.');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 0, held: 0 });
    expect((await ledgerOf(order.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(0);
  });
});

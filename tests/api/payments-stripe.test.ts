import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { eventOnSale, heldOrder, type OrderView, orderBody, placeOrder, readOrder, soldAndHeld } from '../fixtures/orders.ts';
import { type StripePeer, startStripePeer } from '../fixtures/stripe-peer.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

const webhookSecret = 'whsec_test_admit_local_peer';
const stripe = new Stripe('sk_test_unused');

let api: TestApi;
let peer: StripePeer;
beforeAll(async () => {
  peer = await startStripePeer();
  api = await createTestApi({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_admit',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: peer.url,
    PUBLIC_APP_URL: 'https://admit.example',
  });
});
afterAll(async () => {
  await api.close();
  await peer.close();
});

const db = () => api.database.db;

/** A webhook as Stripe sends it: the event JSON and a `Stripe-Signature` made with the endpoint's secret. */
function stripeWebhook(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

function completedEvent(order: OrderView, sessionId: string, paymentIntent = `pi_${randomUUID().slice(0, 8)}`) {
  return {
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: 'checkout.session',
        id: sessionId,
        payment_intent: paymentIntent,
        payment_status: 'paid',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
      },
    },
  };
}

async function sessionOf(orderId: string) {
  const payment = await db().selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return payment;
}

describe('the stripe provider', () => {
  it('fails fast at start without its keys, naming them', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', DATA_DIR: api.config.dataDir })).toThrow(
      /STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('opens a Checkout Session with the tickets, the booking fee and the order on it', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    await db()
      .updateTable('organizations')
      .set({ stripe_account_id: 'acct_dockside' })
      .where('id', '=', organiser.organizationId)
      .execute();
    const before = peer.calls.length;
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 2 }]));
    expect(order.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const call = peer.calls.at(-1);
    expect(peer.calls.length).toBe(before + 1);
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_admit' });
    expect(call?.idempotencyKey).toBe(`admit-checkout-${order.id}`);
    expect(call?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Standard',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][unit_amount]': '174',
      'line_items[1][price_data][product_data][name]': 'Booking fee',
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      'payment_intent_data[application_fee_amount]': '174',
      'payment_intent_data[transfer_data][destination]': 'acct_dockside',
      success_url: `https://admit.example/payment-success?orderId=${order.id}&token=${order.accessToken}`,
    });
    // Stripe refuses sessions shorter than 30 minutes, even though our hold is 15.
    expect(Number(call?.form.expires_at) - Date.now() / 1000).toBeGreaterThan(30 * 60);
  });

  it('confirms the order from a signed Stripe webhook, once, and refuses a bad signature', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const typeId = (types[0] as { id: string }).id;
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 2 }]));
    const session = await sessionOf(order.id);
    const webhook = completedEvent(order, session.session_id as string);

    const forged = await stripeWebhook(webhook, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect((await readOrder(api.app, order)).json().data.status).toBe('pending');

    for (const expected of ['paid', 'duplicate', 'duplicate']) {
      const response = await stripeWebhook(webhook);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.outcome).toBe(expected);
    }
    const read = (await readOrder(api.app, order)).json().data as OrderView;
    expect(read).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(read.tickets).toHaveLength(2);
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ sold: 2, held: 0 });
  });

  it('refunds through the Stripe API', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 2 }]));
    const session = await sessionOf(order.id);
    await stripeWebhook(completedEvent(order, session.session_id as string, 'pi_refund_me'));
    const paid = (await readOrder(api.app, order)).json().data as OrderView;

    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [paid.tickets[0]?.id], reason: 'Cannot come' },
    });
    expect(response.statusCode).toBe(200);
    const call = peer.calls.at(-1);
    expect(call).toMatchObject({ path: '/v1/refunds', form: { payment_intent: 'pi_refund_me', amount: '1587' } });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1587 });
    expect(refund.provider_refund_id).toMatch(/^re_/);
    expect(call?.idempotencyKey).toBe(`admit-refund-${refund.id}`);
  });

  it('refunds a buyer’s own cancellation through the Stripe API, less the policy’s fee', async () => {
    const policy = { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 10 } };
    const { event, types } = await eventOnSale(api.app, db(), { refundPolicy: policy });
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]));
    const session = await sessionOf(order.id);
    await stripeWebhook(completedEvent(order, session.session_id as string, 'pi_cancel_me'));

    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancellation?token=${order.accessToken}`,
      headers: { 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    // £15.00 + 87p, less 10% of £15.00.
    const call = peer.calls.at(-1);
    expect(call).toMatchObject({ path: '/v1/refunds', form: { payment_intent: 'pi_cancel_me', amount: '1437' } });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1437, fee_amount: 87 });
    expect(response.json().data).toMatchObject({ status: 'refunded', refunded: 1437 });
  });

  it('takes back the transfer and the platform fee when refunding an order paid to a connected account', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    await db()
      .updateTable('organizations')
      .set({ stripe_account_id: 'acct_riverside' })
      .where('id', '=', organiser.organizationId)
      .execute();
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 2 }]));
    const sessionId = (await sessionOf(order.id)).session_id as string;
    const paymentIntent = peer.pay(sessionId);
    await stripeWebhook(completedEvent(order, sessionId, paymentIntent));
    // What the organisation's account is now does not matter: the payment says where its money went.
    await db().updateTable('organizations').set({ stripe_account_id: null }).where('id', '=', organiser.organizationId).execute();
    const paid = (await readOrder(api.app, order)).json().data as OrderView;

    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: { ticketIds: [paid.tickets[0]?.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(peer.calls.at(-1)).toMatchObject({
      path: '/v1/refunds',
      form: { payment_intent: paymentIntent, amount: '1587', reverse_transfer: 'true', refund_application_fee: 'true' },
    });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1587, fee_amount: 87 });
  });

  it('refunds a payment the platform kept without touching any transfer', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]));
    const sessionId = (await sessionOf(order.id)).session_id as string;
    const paymentIntent = peer.pay(sessionId);
    await stripeWebhook(completedEvent(order, sessionId, paymentIntent));
    // An account connected after the sale: this payment was never transferred.
    await db()
      .updateTable('organizations')
      .set({ stripe_account_id: 'acct_later' })
      .where('id', '=', organiser.organizationId)
      .execute();
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const call = peer.calls.at(-1);
    expect(call).toMatchObject({ path: '/v1/refunds', form: { payment_intent: paymentIntent, amount: '1587' } });
    expect(call?.form).not.toHaveProperty('reverse_transfer');
    expect(call?.form).not.toHaveProperty('refund_application_fee');
  });

  it('keeps a refund to retry when Stripe is down, and carries it out later', { timeout: 30_000 }, async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]));
    await stripeWebhook(completedEvent(order, (await sessionOf(order.id)).session_id as string, 'pi_retry'));
    // The client retries twice by itself; three failures in a row outlast it.
    peer.failNext(3, 500);
    const response = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe('refunded');
    let refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refund.last_error).toContain('The peer was told to fail');

    const { runPendingRefunds } = await import('../../server/features/orders/refunds/refund-execution.service.ts');
    const { createPaymentProvider } = await import('../../server/lib/payments/create-provider.ts');
    await runPendingRefunds(db(), createPaymentProvider(api.config));
    refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund.status).toBe('succeeded');
  });

  it('marks a refund Stripe refuses as failed for a person to look at, instead of retrying it', async () => {
    const { event, types, organiser } = await eventOnSale(api.app, db());
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId: (types[0] as { id: string }).id, quantity: 1 }]));
    await stripeWebhook(completedEvent(order, (await sessionOf(order.id)).session_id as string, 'pi_refused'));
    peer.failNext(1, 402);
    await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      headers: { ...organiser.bearer, 'idempotency-key': randomUUID() },
      payload: {},
    });
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'failed', attempts: 1 });
    const detail = await api.app.inject({
      method: 'GET',
      url: `/api/organizations/${organiser.organizationId}/orders/${order.id}`,
      headers: organiser.bearer,
    });
    expect(detail.json().data.history.map((entry: { kind: string }) => entry.kind)).toContain('refund.failed');
  });

  it('gives the tickets back and says so when Stripe cannot open a checkout', async () => {
    const { event, types } = await eventOnSale(api.app, db());
    const typeId = (types[0] as { id: string }).id;
    peer.failNext(1, 400);
    const response = await placeOrder(api.app, orderBody(event.id, [{ ticketTypeId: typeId, quantity: 2 }]));
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Payment could not be started just now. Please try again in a moment.');
    expect(await soldAndHeld(db(), typeId)).toMatchObject({ held: 0, sold: 0 });
  });
});

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './provider.ts';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';

const secret = 'whsec_unit_test_secret';
const body = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' });

describe('webhook signatures', () => {
  it('accept their own signature and Stripe’s test header, in Stripe’s t=…,v1=… form', () => {
    expect(() => verifyWebhook(secret, body, signWebhook(secret, body))).not.toThrow();
    const stripeHeader = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload: body, secret });
    expect(() => verifyWebhook(secret, body, stripeHeader)).not.toThrow();
    expect(signWebhook(secret, body, 1_700_000_000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });

  it('refuse a changed body, another secret, a missing or malformed header, and one older than 5 minutes', () => {
    const now = Date.now();
    const header = signWebhook(secret, body, Math.floor(now / 1000));
    const refusals: [string, string | undefined, string, number][] = [
      [secret, header, `${body} `, now],
      ['whsec_other', header, body, now],
      [secret, undefined, body, now],
      [secret, 'v1=abc', body, now],
      [secret, 't=abc,v1=abc', body, now],
      [secret, header, body, now + 5 * 60_000 + 2_000],
      [secret, header, body, now - 5 * 60_000 - 2_000],
    ];
    for (const [key, given, payload, at] of refusals) {
      expect(() => verifyWebhook(key, payload, given, at)).toThrow(WebhookSignatureError);
    }
  });

  it('accept any of several v1 signatures (Stripe sends one per active secret while rolling)', () => {
    const t = Math.floor(Date.now() / 1000);
    const good = signWebhook(secret, body, t).split(',')[1];
    expect(() => verifyWebhook(secret, body, `t=${t},v1=${'0'.repeat(64)},${good}`)).not.toThrow();
  });
});

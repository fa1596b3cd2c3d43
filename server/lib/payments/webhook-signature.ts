import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './provider.ts';

/** Stripe's tolerance: a signed webhook older than this is refused, so a captured one cannot be replayed later. */
export const webhookToleranceSeconds = 5 * 60;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header value for a body, in Stripe's form: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** Checks a `t=…,v1=…` header against the exact body received; throws WebhookSignatureError. */
export function verifyWebhook(secret: string, body: string, header: string | undefined, now = Date.now()): void {
  if (!header) throw new WebhookSignatureError('The signature header is missing.');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('The signature header is malformed.');
  if (Math.abs(now / 1000 - timestamp) > webhookToleranceSeconds) throw new WebhookSignatureError('The signature is too old.');
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The signature does not match.');
}

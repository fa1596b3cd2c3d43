import type { Config } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

/** The provider the configuration names; configuration was validated at start, so Stripe's keys are present. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    const { secretKey, webhookSecret, apiUrl } = config.stripe;
    if (!secretKey || !webhookSecret) throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required');
    return createStripeProvider({ secretKey, webhookSecret, apiUrl });
  }
  return createSandboxProvider(config.jwtSecret);
}

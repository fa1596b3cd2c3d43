import type { Config } from '../../config.ts';
import { PaymentProviderError } from './provider.ts';
import { stripeSdk } from './stripe-sdk.ts';

/** A connected account as Admit reads it: whether it can take charges and be paid, and what Stripe still needs. */
export interface ConnectedAccount {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  currentlyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  /** Unix seconds, when Stripe names one. */
  currentDeadline: number | null;
  disabledReason: string | null;
}

/** Stripe Connect onboarding: an Express account per organisation and account links to Stripe's hosted onboarding. */
export interface ConnectOnboarding {
  createAccount(input: { organizationId: string; country: string; email: string | null; businessType: string }): Promise<string>;
  createAccountLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string; expiresAt: Date }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

/** Reads a Stripe account object (from the API or an `account.updated` webhook). */
export function readConnectedAccount(account: Record<string, unknown>): ConnectedAccount {
  const requirements = (account.requirements ?? {}) as Record<string, unknown>;
  const deadline = requirements.current_deadline;
  return {
    id: String(account.id ?? ''),
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    currentlyDue: list(requirements.currently_due),
    pastDue: list(requirements.past_due),
    pendingVerification: list(requirements.pending_verification),
    currentDeadline: typeof deadline === 'number' ? deadline : null,
    disabledReason: typeof requirements.disabled_reason === 'string' ? requirements.disabled_reason : null,
  };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof stripeSdk().errors.StripeError) throw new PaymentProviderError(`Stripe: ${error.message}`);
    throw error;
  }
}

/** The onboarding of the configured Stripe account (null when payments run in the sandbox). */
export function createConnectOnboarding(config: Config): ConnectOnboarding | null {
  if (config.paymentProvider !== 'stripe' || !config.stripe.secretKey) return null;
  const url = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
  const stripe = new (stripeSdk())(config.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'http:' ? 80 : 443),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
  return {
    async createAccount({ organizationId, country, email, businessType }) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            country,
            ...(email ? { email } : {}),
            business_type: businessType === 'company' ? 'company' : 'individual',
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { organizationId },
          },
          // A retried create for the same organisation gets the same account back.
          { idempotencyKey: `admit-account-${organizationId}` },
        ),
      );
      return account.id;
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
    },
    async retrieveAccount(accountId) {
      const account = await call(() => stripe.accounts.retrieve(accountId));
      return readConnectedAccount(account as unknown as Record<string, unknown>);
    },
  };
}

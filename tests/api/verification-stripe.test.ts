import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody } from '../fixtures/events.ts';
import { type StripePeer, startStripePeer } from '../fixtures/stripe-peer.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';
import { verificationBody } from '../fixtures/verification.ts';

const webhookSecret = 'whsec_test_admit_connect';
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
}, 60_000);
afterAll(async () => {
  await api.close();
  await peer.close();
});

const db = () => api.database.db;
type Bearer = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer, ...(payload ? { payload } : {}) });

async function owner() {
  const account = await signedInAccount(api.app, db(), {
    userType: 'organiser',
    organizationName: `Quayside ${randomUUID().slice(0, 6)}`,
  });
  return { ...account, organizationId: account.user.organizationId as string };
}

function accountUpdated(account: Record<string, unknown>, created = Math.floor(Date.now() / 1000), id = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({ id, object: 'event', type: 'account.updated', created, data: { object: account } });
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
  });
}

const done = (account: Record<string, unknown>) => ({
  ...account,
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  requirements: {
    currently_due: [],
    past_due: [],
    eventually_due: [],
    pending_verification: [],
    current_deadline: null,
    disabled_reason: null,
  },
});

/** The owner saved who the seller is and opened the onboarding: the connected account exists. */
async function onboarding() {
  const person = await owner();
  const base = `/organizations/${person.organizationId}/verification`;
  const { details } = verificationBody();
  expect((await call('PUT', base, person.bearer, { details })).statusCode).toBe(200);
  const link = await call('POST', `${base}/stripe/link`, person.bearer);
  expect(link.statusCode).toBe(200);
  const accountId = (await call('GET', base, person.bearer)).json().data.stripeAccountId as string;
  return { person, base, link: link.json().data as { url: string }, accountId };
}

describe('Stripe Connect onboarding', () => {
  it('makes the connected account once, and a link that returns to the success page and refreshes at the failure page', async () => {
    const { person, base, link, accountId } = await onboarding();
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(accountId).toMatch(/^acct_/);
    const made = peer.calls.filter(
      (entry) => entry.path === '/v1/accounts' && entry.form['metadata[organizationId]'] === person.organizationId,
    );
    expect(made).toHaveLength(1);
    expect(made[0]?.form).toMatchObject({ type: 'express', country: 'GB', business_type: 'individual' });
    const linkCall = peer.calls.filter((entry) => entry.path === '/v1/account_links').at(-1);
    expect(linkCall?.form).toMatchObject({
      account: accountId,
      return_url: 'https://admit.example/organizer/account/success',
      refresh_url: 'https://admit.example/organizer/account/failure',
      type: 'account_onboarding',
    });
    // A fresh link (the refresh page) reuses the account.
    expect((await call('POST', `${base}/stripe/link`, person.bearer)).statusCode).toBe(200);
    expect(peer.calls.filter((entry) => entry.path === '/v1/accounts').length).toBe(peer.accounts.size);
    // Saving a bank account here is refused: Stripe takes it.
    const bank = await call('PUT', base, person.bearer, verificationBody());
    expect(bank.statusCode).toBe(400);
    expect(bank.json().errors).toEqual([{ path: 'body.bankAccount', message: 'Give the bank account at Stripe.' }]);
  });

  it('returning is not finishing: the success page reads the account from Stripe before saying anything', async () => {
    const { person, base, accountId } = await onboarding();
    const unfinished = await call('POST', `${base}/stripe/refresh`, person.bearer);
    expect(unfinished.json().data).toMatchObject({ status: 'unverified', canSellPaidTickets: false });
    expect(peer.calls.some((entry) => entry.method === 'GET' && entry.path === `/v1/accounts/${accountId}`)).toBe(true);

    peer.accounts.set(accountId, done(peer.accounts.get(accountId) ?? {}));
    const finished = await call('POST', `${base}/stripe/refresh`, person.bearer);
    expect(finished.json().data).toMatchObject({ status: 'verified', payoutsEnabled: true, canSellPaidTickets: true });
    const draft = await call('POST', '/events', person.bearer, eventBody(person.organizationId));
    expect((await call('POST', `/events/${draft.json().data.id}/publish`, person.bearer)).statusCode).toBe(200);
  });

  it('keeps the state account.updated sends: requirements due, payouts paused, disabled reason; a repeated event changes nothing', async () => {
    const { person, base, accountId } = await onboarding();
    const account = peer.accounts.get(accountId) ?? {};
    const deadline = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const due = {
      ...done(account),
      payouts_enabled: false,
      requirements: {
        currently_due: ['individual.verification.document'],
        past_due: [],
        eventually_due: [],
        pending_verification: [],
        current_deadline: deadline,
        disabled_reason: null,
      },
    };
    const eventId = `evt_${randomUUID()}`;
    const first = await accountUpdated(due, Math.floor(Date.now() / 1000), eventId);
    expect(first.json().data).toEqual({ received: true, outcome: 'account_updated' });
    const state = (await call('GET', base, person.bearer)).json().data;
    expect(state).toMatchObject({
      status: 'action_required',
      payoutsEnabled: false,
      requirementsDue: ['individual.verification.document'],
      actionRequired: 'Stripe needs: individual.verification.document',
      actionDeadline: new Date(deadline * 1000).toISOString(),
    });
    const mails = await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', person.account.email).execute();
    const asked = mails.filter((mail) => mail.subject.includes('we need more information'));
    expect(asked).toHaveLength(1);

    const again = await accountUpdated(due, Math.floor(Date.now() / 1000), eventId);
    expect(again.json().data.outcome).toBe('duplicate');
    const twice = await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', person.account.email).execute();
    expect(twice.length).toBe(mails.length);

    // Verified, then an older event arriving late is not applied over it.
    expect((await accountUpdated(done(account), Math.floor(Date.now() / 1000) + 5)).json().data.outcome).toBe('account_updated');
    expect((await accountUpdated(due, Math.floor(Date.now() / 1000) - 60)).json().data.outcome).toBe('stale');
    expect((await call('GET', base, person.bearer)).json().data).toMatchObject({ status: 'verified', payoutsEnabled: true });

    const rejected = {
      ...account,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: 'rejected.fraud' },
    };
    await accountUpdated(rejected, Math.floor(Date.now() / 1000) + 10);
    expect((await call('GET', base, person.bearer)).json().data).toMatchObject({
      status: 'rejected',
      canSellPaidTickets: false,
      disabledReason: 'rejected.fraud',
    });
    const trail = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', person.organizationId)
      .where('action', '=', 'verification.provider_updated')
      .execute();
    expect(trail).toHaveLength(3);
  });

  it('ignores an account no organisation has, and refuses a webhook with a bad signature', async () => {
    expect((await accountUpdated({ id: 'acct_nobody', object: 'account' })).json().data.outcome).toBe('unknown_account');
    const forged = await api.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      payload: JSON.stringify({ id: 'evt_x', type: 'account.updated', data: { object: { id: 'acct_x' } } }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('the sandbox submission and a link for someone else’s organisation are refused', async () => {
    const { person, base } = await onboarding();
    expect((await call('POST', `${base}/submit`, person.bearer)).statusCode).toBe(409);
    const stranger = await owner();
    expect((await call('POST', `${base}/stripe/link`, stranger.bearer)).statusCode).toBe(404);
    expect((await call('POST', `${base}/stripe/refresh`, stranger.bearer)).statusCode).toBe(404);
  });
});

import type { KycStatus } from '../../../src/contract/users.ts';
import type { OnboardingLink, Verification } from '../../../src/contract/verification.ts';
import type { Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import type { ConnectedAccount, ConnectOnboarding } from '../../lib/payments/stripe-connect.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import {
  findVerification,
  lockOrganization,
  organizationByStripeAccount,
  ownersOf,
  setSellingState,
  upsertVerification,
} from './verification.repository.ts';
import { presentVerification, type VerificationDeps, verificationPath } from './verification.service.ts';
import { verificationMail } from './verification-mail.ts';

export const onboardingReturnPath = '/organizer/account/success';
export const onboardingRefreshPath = '/organizer/account/failure';

function requireConnect(deps: VerificationDeps): ConnectOnboarding {
  if (!deps.connect)
    throw new HttpError('CONFLICT', 'Payments run in the sandbox here: verify on the verification page instead.');
  return deps.connect;
}

/** Where a Stripe account stands, in Admit's states (the account's requirements say what is missing). */
export function stateOfAccount(account: ConnectedAccount): { status: KycStatus; detail: string | null; deadline: Date | null } {
  const deadline = account.currentDeadline ? new Date(account.currentDeadline * 1000) : null;
  if (account.disabledReason?.startsWith('rejected')) {
    return { status: 'rejected', detail: `Stripe rejected the account (${account.disabledReason}).`, deadline: null };
  }
  const due = [...new Set([...account.pastDue, ...account.currentlyDue])];
  if (!account.detailsSubmitted)
    return { status: due.length && account.pastDue.length ? 'action_required' : 'unverified', detail: null, deadline };
  if (due.length) return { status: 'action_required', detail: `Stripe needs: ${due.join(', ')}`, deadline };
  if (account.pendingVerification.length) return { status: 'pending', detail: null, deadline: null };
  if (account.chargesEnabled && account.payoutsEnabled) return { status: 'verified', detail: null, deadline: null };
  return { status: 'pending', detail: null, deadline: null };
}

/**
 * Applies an account's state to its organisation, unless a newer one was applied already (webhooks may
 * come out of order). `at` is when Stripe made this state. Audited, and the owners are told of a change.
 */
export async function applyAccountState(
  trx: Executor,
  origin: string,
  account: ConnectedAccount,
  at: Date,
): Promise<'applied' | 'stale' | 'unknown_account'> {
  const match = await organizationByStripeAccount(trx, account.id);
  if (!match) return 'unknown_account';
  const organisation = await lockOrganization(trx, match.id);
  const row = await findVerification(trx, match.id);
  if (!organisation || !row) return 'unknown_account';
  if (row.provider_state_at && new Date(row.provider_state_at) > at) return 'stale';
  const state = stateOfAccount(account);
  await upsertVerification(trx, match.id, {
    requirements_due: account.currentlyDue,
    requirements_past_due: account.pastDue,
    disabled_reason: account.disabledReason,
    action_required: state.status === 'action_required' ? state.detail : null,
    action_deadline: state.status === 'action_required' ? state.deadline : null,
    rejection_reason: state.status === 'rejected' ? state.detail : null,
    provider_state_at: at,
    ...(account.detailsSubmitted && !row.submitted_at ? { submitted_at: at } : {}),
  });
  await setSellingState(trx, match.id, {
    kyc_status: state.status,
    payouts_enabled: account.payoutsEnabled,
    charges_enabled: account.chargesEnabled,
  });
  const changed = state.status !== organisation.kyc_status || account.payoutsEnabled !== organisation.payouts_enabled;
  if (!changed) return 'applied';
  await recordAudit(trx, {
    actorId: null,
    action: 'verification.provider_updated',
    subjectType: 'organization',
    subjectId: match.id,
    details: {
      before: organisation.kyc_status,
      after: state.status,
      payoutsEnabled: account.payoutsEnabled,
      chargesEnabled: account.chargesEnabled,
      requirementsDue: account.currentlyDue,
      requirementsPastDue: account.pastDue,
      disabledReason: account.disabledReason,
    },
  });
  if (state.status !== organisation.kyc_status && state.status !== 'unverified') {
    for (const owner of await ownersOf(trx, match.id)) {
      const mail = verificationMail({
        name: owner.first_name,
        organisation: organisation.name,
        status: state.status,
        detail: state.detail,
        deadline: state.deadline,
        link: `${origin}${verificationPath}`,
      });
      await enqueueMail(trx, { to: owner.email, ...mail });
    }
  }
  return 'applied';
}

/**
 * A fresh Stripe onboarding link for the organisation (its connected account made on the first call, from
 * the details the owner saved). Returning from it is not finishing: the success page reads the account again.
 */
export async function startOnboarding(
  deps: VerificationDeps,
  caller: AccessClaims,
  organizationId: string,
): Promise<OnboardingLink> {
  await requirePermission(deps.db, organizationId, caller.sub, 'verification.manage');
  const connect = requireConnect(deps);
  const row = await findVerification(deps.db, organizationId);
  if (!row) throw notFound('That organisation');
  if (row.kyc_status === 'rejected') {
    throw new HttpError('CONFLICT', 'Your verification was not approved. Contact the help desk if you think this is a mistake.');
  }
  if (!row.country || !row.seller_type) {
    throw new HttpError('BAD_REQUEST', 'Save who the seller is first (seller type and country).', [
      { path: 'verification', message: 'Save who the seller is first.' },
    ]);
  }
  let accountId = row.stripe_account_id;
  if (!accountId) {
    const owner = (await ownersOf(deps.db, organizationId))[0];
    // Network I/O outside any transaction; the create is idempotent per organisation at Stripe.
    accountId = await connect.createAccount({
      organizationId,
      country: row.country,
      email: owner?.email ?? null,
      businessType: row.seller_type,
    });
    const created = accountId;
    await deps.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId);
      await setSellingState(trx, organizationId, { stripe_account_id: created });
      await upsertVerification(trx, organizationId, {});
      await recordAudit(trx, {
        actorId: caller.sub,
        action: 'verification.stripe_account_created',
        subjectType: 'organization',
        subjectId: organizationId,
        details: { accountId: created },
      });
    });
  }
  const origin = deps.config.publicOrigin;
  const link = await connect.createAccountLink({
    accountId,
    refreshUrl: `${origin}${onboardingRefreshPath}`,
    returnUrl: `${origin}${onboardingReturnPath}`,
  });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Reads the account from Stripe and applies it: what the return page shows, never what the return implies. */
export async function refreshOnboarding(
  deps: VerificationDeps,
  caller: AccessClaims,
  organizationId: string,
): Promise<Verification> {
  await requirePermission(deps.db, organizationId, caller.sub, 'verification.manage');
  const connect = requireConnect(deps);
  const row = await findVerification(deps.db, organizationId);
  if (!row) throw notFound('That organisation');
  if (!row.stripe_account_id) throw new HttpError('CONFLICT', 'Start the onboarding at Stripe first.');
  const account = await connect.retrieveAccount(row.stripe_account_id);
  await deps.db.transaction().execute((trx) => applyAccountState(trx, deps.config.publicOrigin, account, new Date()));
  return presentVerification(deps, organizationId);
}

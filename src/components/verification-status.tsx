import type { ReactNode } from 'react';
import { kycStatusLabels, type Verification } from '../contract/verification.ts';
import { formatDay } from './format/date-time.ts';

const badgeClasses: Record<Verification['status'], string> = {
  unverified: 'bg-slate-100 text-slate-800',
  pending: 'bg-amber-50 text-amber-900',
  verified: 'bg-emerald-50 text-emerald-800',
  action_required: 'bg-orange-50 text-orange-900',
  rejected: 'bg-red-50 text-red-800',
};

/** The verification state as a small coloured label. */
export function VerificationBadge({ status }: { status: Verification['status'] }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 font-semibold text-sm ${badgeClasses[status]}`}>
      {kycStatusLabels[status]}
    </span>
  );
}

/** Where the verification stands and what comes next, in plain words (for the owner: `audience` "owner"). */
export function verificationNextStep(verification: Verification, audience: 'owner' | 'reviewer' = 'owner'): ReactNode {
  const stripe = verification.provider === 'stripe';
  const deadline = verification.actionDeadline ? ` by ${formatDay(verification.actionDeadline)}` : '';
  if (verification.suspendedAt) {
    return `The organisation is suspended: its events are not on sale. ${verification.suspensionReason ?? ''}`.trim();
  }
  switch (verification.status) {
    case 'unverified':
      if (audience === 'reviewer') return 'Nothing has been sent yet.';
      return stripe
        ? 'Tell us who the seller is, then continue to Stripe to confirm your identity and the bank account payouts go to.'
        : 'Tell us who the seller is, add the bank account payouts go to and an identity document, then send it for review.';
    case 'pending':
      if (audience === 'reviewer') return 'Waiting for a decision: approve, ask for more, or reject.';
      return stripe
        ? 'Stripe is checking what you sent. This page follows Stripe: it changes as soon as Stripe decides.'
        : 'We are reviewing what you sent, usually within two working days, and will email you the outcome.';
    case 'action_required':
      return `More is needed${deadline}: ${verification.actionRequired ?? 'see the requirements below'}.`;
    case 'rejected':
      return `The verification was not approved: ${verification.rejectionReason ?? 'no reason given'}. Paid tickets cannot be sold; free events are not affected.`;
    default:
      return verification.payoutsEnabled
        ? 'Verified, with payouts enabled: paid tickets can be sold.'
        : 'Verified, but payouts are not enabled yet: paid tickets can be sold once they are.';
  }
}

/** The state, the next step, and the facts behind them (payouts, what a provider still needs). */
export function VerificationStatusPanel({
  verification,
  audience = 'owner',
  children,
}: {
  verification: Verification;
  audience?: 'owner' | 'reviewer';
  children?: ReactNode;
}) {
  const needs = [...new Set([...verification.requirementsPastDue, ...verification.requirementsDue])];
  return (
    <section aria-labelledby="verification-state" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="verification-state" className="font-bold text-lg text-slate-900">
          Identity verification
        </h2>
        <VerificationBadge status={verification.status} />
      </div>
      <p className="mt-2 text-slate-700">{verificationNextStep(verification, audience)}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Payouts</dt>
          <dd className="font-semibold text-slate-900">{verification.payoutsEnabled ? 'Enabled' : 'Not enabled'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Paid tickets</dt>
          <dd className="font-semibold text-slate-900">
            {verification.canSellPaidTickets ? 'Can be sold' : 'Cannot be sold yet'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Payments</dt>
          <dd className="font-semibold text-slate-900">
            {verification.provider === 'stripe' ? 'Stripe' : 'Test mode (sandbox)'}
          </dd>
        </div>
        {verification.submittedAt ? (
          <div>
            <dt className="text-slate-500">Sent</dt>
            <dd className="font-semibold text-slate-900">{formatDay(verification.submittedAt)}</dd>
          </div>
        ) : null}
        {verification.decidedAt ? (
          <div>
            <dt className="text-slate-500">Decided</dt>
            <dd className="font-semibold text-slate-900">{formatDay(verification.decidedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {needs.length ? (
        <div className="mt-4 text-sm">
          <p className="font-semibold text-slate-900">Stripe still needs</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {needs.map((need) => (
              <li key={need}>
                <code className="break-all">{need}</code>
                {verification.requirementsPastDue.includes(need) ? ' (past due)' : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
    </section>
  );
}

import { Link } from 'react-router';
import { createVerificationLoader } from '#app/loaders/verification-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { VerificationBadge, VerificationStatusPanel } from '#components/verification-status.tsx';
import { can } from '#contract/permissions.ts';
import { canSellPaidTickets } from '#contract/verification.ts';
import { useVerification } from '#features/verification/api/verification.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';

export const createLoader = createVerificationLoader;

function Card({ children }: { children: React.ReactNode }) {
  return <div className="space-y-3 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">{children}</div>;
}

/** The owner's view: the whole state, and the way to act on it. */
function OwnerStatus({ organizationId }: { organizationId: string }) {
  const verification = useVerification(organizationId);
  if (!verification.data) {
    return verification.isPending ? (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading…
      </p>
    ) : (
      <Card>
        <p>Your verification could not be loaded.</p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void verification.refetch()}>
          Try again
        </button>
      </Card>
    );
  }
  const data = verification.data;
  const action =
    data.status === 'unverified'
      ? 'Start verification'
      : data.status === 'action_required'
        ? 'Send what is missing'
        : 'See what you sent';
  return (
    <VerificationStatusPanel verification={data}>
      <p className="mt-5">
        <Link
          to="/organizer-kyc"
          className={buttonClass(data.status === 'unverified' || data.status === 'action_required' ? 'primary' : 'secondary')}
        >
          {action}
        </Link>
      </p>
    </VerificationStatusPanel>
  );
}

export function Component() {
  const { organizationId, signedIn } = useRouteSession();
  const { user, organization, isLoading } = useSession();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageMeta
        title="Verification status"
        description="Where your organisation’s identity verification and payouts stand."
        noIndex
      />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Verification status</h1>
        <p className="mt-1 text-slate-600">
          Where your organisation’s identity verification and payouts stand, and what to do next.
        </p>
      </header>
      {!signedIn ? (
        <Card>
          <p>Sign in as an organisation owner to see where its verification stands.</p>
          <Link to="/sign-in?redirect=%2Fkyc-status" className={buttonClass('primary')}>
            Sign in
          </Link>
        </Card>
      ) : !organizationId ? (
        <Card>
          <p>
            Your account is not part of an organisation, so there is nothing to verify. Verification is for organisers who sell
            paid tickets.
          </p>
        </Card>
      ) : isLoading && !user ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading…
        </p>
      ) : can(user?.organizationRole, 'verification.manage') ? (
        <OwnerStatus organizationId={organizationId} />
      ) : organization ? (
        <Card>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{organization.name}</span>
            <VerificationBadge status={organization.kycStatus} />
          </p>
          <p>
            {canSellPaidTickets(organization)
              ? 'Verified, with payouts enabled: paid tickets can be sold.'
              : 'Paid tickets cannot be sold yet. Verification and payouts are set up by the organisation’s owners: ask one of them.'}
          </p>
        </Card>
      ) : null}
    </div>
  );
}

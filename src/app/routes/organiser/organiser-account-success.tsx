import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { VerificationStatusPanel } from '#components/verification-status.tsx';
import { useRefreshOnboarding } from '#features/verification/api/verification.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/**
 * Stripe's return_url. Coming back is not finishing: the account is read again from Stripe before the page
 * says anything about it.
 */
export function Component() {
  const { organizationId } = useRouteSession();
  const refresh = useRefreshOnboarding();
  const { mutate } = refresh;
  useEffect(() => {
    if (organizationId) mutate(organizationId);
  }, [organizationId, mutate]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageMeta title="Back from Stripe" description="Where your Stripe onboarding stands." noIndex />
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Back from Stripe</h1>
      {refresh.data ? (
        <VerificationStatusPanel verification={refresh.data}>
          <p className="mt-5 flex flex-wrap gap-3">
            {refresh.data.canSellPaidTickets ? (
              <Link to="/organizer/events" className={buttonClass('primary')}>
                Go to your events
              </Link>
            ) : (
              <Link to="/organizer-kyc" className={buttonClass('primary')}>
                Continue verification
              </Link>
            )}
          </p>
        </VerificationStatusPanel>
      ) : refresh.isError ? (
        <div className="space-y-3">
          <FormAlert>{serverMessage(refresh.error)}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <Link to="/organizer-kyc" className={buttonClass('primary')}>
              Verification page
            </Link>
            {/* A refusal (409) would be refused again; an outage may pass. */}
            {statusOf(refresh.error) === 409 ? null : (
              <button type="button" className={buttonClass('secondary')} onClick={() => organizationId && mutate(organizationId)}>
                Check again
              </button>
            )}
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner /> Checking your account with Stripe…
        </p>
      )}
    </div>
  );
}

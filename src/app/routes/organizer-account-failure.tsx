import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { FormAlert } from '../../components/fields/form-alert.tsx';
import { serverMessage } from '../../components/fields/form-errors.ts';
import { Spinner } from '../../components/submit-button.tsx';
import { useOnboardingLink } from '../../features/verification/api/verification.ts';
import { statusOf } from '../../lib/api-caller.tsx';
import { useRouteSession } from '../../lib/session/session-context.tsx';
import { PageMeta } from '../page-meta.tsx';

/** Stripe's refresh_url: the link expired or was used, so a fresh one is made and opened. */
export function Component() {
  const { organizationId } = useRouteSession();
  const link = useOnboardingLink();
  const { mutate } = link;
  const start = () => {
    if (organizationId) mutate(organizationId, { onSuccess: (answer) => window.location.assign(answer.url) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh link is asked for once, when the page opens
  useEffect(start, [organizationId]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageMeta title="Continue at Stripe" description="A fresh link to Stripe’s onboarding." noIndex />
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Continue at Stripe</h1>
      {link.isError ? null : (
        <p className="text-slate-600">The link to Stripe expired or was already used. We are making you a fresh one.</p>
      )}
      {link.isError ? (
        <div className="space-y-3">
          <FormAlert>{serverMessage(link.error)}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <Link to="/organizer-kyc" className={buttonClass('primary')}>
              Verification page
            </Link>
            {statusOf(link.error) === 409 ? null : (
              <button type="button" className={buttonClass('secondary')} onClick={start}>
                Try again
              </button>
            )}
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner /> Opening Stripe…
        </p>
      )}
    </div>
  );
}

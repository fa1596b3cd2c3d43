import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { useOnboardingLink } from '#features/verification/api/verification.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { navigateTo, refusedNavigationMessage } from '#lib/external-navigation.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** Stripe's refresh_url: the link expired or was used, so a fresh one is made and opened. */
export function Component() {
  const { organizationId } = useRouteSession();
  const link = useOnboardingLink();
  const { mutate } = link;
  // The guard for leaving Admit refused the link it answered with: the page says so instead of waiting.
  const [refused, setRefused] = useState(false);
  const start = () => {
    setRefused(false);
    if (organizationId) mutate(organizationId, { onSuccess: (answer) => setRefused(!navigateTo(answer.url)) });
  };
  const failed = link.isError || refused;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh link is asked for once, when the page opens
  useEffect(start, [organizationId]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageMeta title="Continue at Stripe" description="A fresh link to Stripe’s onboarding." noIndex />
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Continue at Stripe</h1>
      {failed ? null : (
        <p className="text-slate-600">The link to Stripe expired or was already used. We are making you a fresh one.</p>
      )}
      {failed ? (
        <div className="space-y-3">
          <FormAlert>{link.isError ? serverMessage(link.error) : refusedNavigationMessage}</FormAlert>
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

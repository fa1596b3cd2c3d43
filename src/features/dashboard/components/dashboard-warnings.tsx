import { Link } from 'react-router';
import { formatDay } from '../../../components/format/date-time.ts';
import type { Dashboard, DashboardWarning } from '../../../contract/dashboard.ts';

function text(warning: DashboardWarning): { title: string; body: string; to?: string; action?: string } {
  switch (warning.kind) {
    case 'suspended':
      return {
        title: 'Your organisation is suspended',
        body: 'Admit suspended it: your events are not on sale and payouts are held. The email we sent says why; answer through the help desk.',
        to: '/help-desk',
        action: 'Help desk',
      };
    case 'action_required':
      return {
        title: 'Verification needs more from you',
        body: `${warning.what ?? 'See what is missing.'}${warning.deadline ? ` Send it by ${formatDay(warning.deadline)}.` : ''}`,
        to: '/organizer-kyc',
        action: 'Send what is missing',
      };
    case 'payouts_paused':
      return {
        title: 'Payouts are paused',
        body: 'Your organisation is verified, but payouts are not enabled: paid tickets cannot be sold until they are.',
        to: '/kyc-status',
        action: 'See why',
      };
    default:
      return {
        title: `${warning.events} ${warning.events === 1 ? 'event is' : 'events are'} on sale with paid tickets while verification is missing`,
        body: 'New paid tickets cannot be sold, priced or published until verification is complete and payouts are enabled.',
        to: '/kyc-status',
        action: 'Verification status',
      };
  }
}

/** What needs the organisation's attention now, above everything else on the dashboard. */
export function DashboardWarnings({ warnings }: Pick<Dashboard, 'warnings'>) {
  if (warnings.length === 0) return null;
  return (
    <section aria-labelledby="warnings-title" className="space-y-2">
      <h2 id="warnings-title" className="sr-only">
        Needs your attention
      </h2>
      {warnings.map((warning) => {
        const shown = text(warning);
        return (
          <div key={warning.kind} role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">{shown.title}</p>
            <p className="mt-1 text-sm">{shown.body}</p>
            {shown.to ? (
              <Link to={shown.to} className="mt-2 inline-block font-semibold text-sm underline underline-offset-2">
                {shown.action}
              </Link>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

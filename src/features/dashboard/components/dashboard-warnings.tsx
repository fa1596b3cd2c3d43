import { Link } from 'react-router';
import { formatDay } from '#components/format/date-time.ts';
import { zonedText, zoneLabel } from '#components/format/dates.ts';
import type { Dashboard, DashboardWarning } from '#contract/dashboard.ts';

const clock = (iso: string, timeZone: string) =>
  `${zonedText(new Date(iso), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })} ${zoneLabel(new Date(iso), timeZone)}`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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
    case 'paid_events_unverified':
      return {
        title: `${warning.events} ${warning.events === 1 ? 'event is' : 'events are'} on sale with paid tickets while verification is missing`,
        body: 'New paid tickets cannot be sold, priced or published until verification is complete and payouts are enabled.',
        to: '/kyc-status',
        action: 'Verification status',
      };
    case 'refunds_pending': {
      const parts = [
        warning.pending > 0 ? `${plural(warning.pending, 'refund is', 'refunds are')} still waiting on the payment provider` : '',
        warning.failed > 0 ? `${plural(warning.failed, 'refund', 'refunds')} failed in the last 30 days` : '',
      ].filter(Boolean);
      return {
        title: `${parts.join('; ')}`.replace(/^./, (first) => first.toUpperCase()),
        body:
          warning.failed > 0
            ? 'A failed refund has not reached the buyer: Admit’s payments team follows it up, and the order’s history says what the provider answered.'
            : 'Admit retries them on its own; the buyers get their money once the provider accepts.',
        to: '/organizer/payments',
        action: 'See orders',
      };
    }
    default:
      return {
        title: `A door device at ${warning.eventTitle} has not synced for over 5 minutes`,
        body: `${warning.deviceName ? `${warning.deviceName}’s device` : 'A device'} (${warning.deviceId.slice(0, 12)}) last uploaded a scan at ${clock(warning.lastUploadAt, warning.timezone)} and last synced at ${clock(warning.lastSyncAt, warning.timezone)}. Scans it made offline since are not counted here until it is back online.`,
      };
  }
}

const keyOf = (warning: DashboardWarning) =>
  warning.kind === 'door_device_stale' ? `${warning.kind}-${warning.eventId}-${warning.deviceId}` : warning.kind;

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
          <div key={keyOf(warning)} role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
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

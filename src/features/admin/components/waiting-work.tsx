import { Link } from 'react-router';
import { linkClass } from '#components/button.ts';
import type { AdminPermission, PlatformOverview } from '#contract/admin.ts';
import { formatCount } from '#contract/count-text.ts';

interface Item {
  label: string;
  value: number;
  /** Where the work is done, for those whose groups allow it. */
  to?: string;
  permission?: AdminPermission;
  hint: string;
}

const items = (waiting: PlatformOverview['waiting']): Item[] => [
  {
    label: 'Organisers to review',
    value: waiting.organisersToReview,
    to: '/admin/organisers?status=pending',
    permission: 'organisers.review',
    hint: 'Verification sent, no decision yet',
  },
  {
    label: 'Open cases',
    value: waiting.openCases,
    to: '/admin/cases',
    permission: 'cases.handle',
    hint: 'New or open, not waiting on the customer',
  },
  {
    label: 'Failed webhooks',
    value: waiting.failedWebhooks,
    to: '/admin/payments?view=webhooks&failed=true',
    permission: 'payments.read',
    hint: 'Last 30 days: matched no payment',
  },
  {
    label: 'Undelivered mail',
    value: waiting.undeliveredMail,
    hint: 'Given up after every retry: the server log says why',
  },
  {
    label: 'Events on sale',
    value: waiting.eventsOnSale,
    to: '/admin/events?status=published',
    permission: 'events.moderate',
    hint: 'Published and not over',
  },
];

/** What waits on an administrator now, each figure linked to the page that works it when the caller may open it. */
export function WaitingWork({ waiting, can }: { waiting: PlatformOverview['waiting']; can: (p: AdminPermission) => boolean }) {
  return (
    <section aria-labelledby="waiting-title" className="space-y-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="waiting-title" className="font-bold text-slate-900 text-xl">
        Waiting now
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {items(waiting).map((item) => {
          const attention = item.value > 0 && item.label !== 'Events on sale';
          return (
            <li key={item.label} className={`rounded-xl p-3 ${attention ? 'bg-amber-50 ring-1 ring-amber-200' : 'bg-slate-50'}`}>
              <p className="text-slate-600 text-sm">{item.label}</p>
              <p className="font-bold text-slate-900 text-xl tabular-nums">{formatCount(item.value)}</p>
              <p className="text-slate-500 text-xs">{item.hint}</p>
              {item.to && item.permission && can(item.permission) ? (
                <Link to={item.to} className={`${linkClass} text-sm`}>
                  Open<span className="sr-only"> {item.label.toLowerCase()}</span>
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

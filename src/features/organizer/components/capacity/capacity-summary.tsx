import { Link } from 'react-router';
import { linkClass } from '#components/button.ts';
import { formatCount } from '#contract/count-text.ts';
import { useCapacityQuotas } from '../../api/get-capacity-quotas.ts';
import { type QuotaTicketType, quotaTypesText } from './quotas-table.tsx';

/**
 * The event's capacity and shared places as the editor shows them under its tickets: each with its places, what is
 * taken (sold and held) and what is left, and the way to change them.
 */
export function CapacitySummary({ eventId, types }: { eventId: string; types: readonly QuotaTicketType[] }) {
  const quotas = useCapacityQuotas(eventId);
  const items = quotas.data?.items ?? [];
  return (
    <div className="rounded-xl bg-slate-50 p-4">
      <h3 className="font-semibold text-slate-900">Capacity across ticket types</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-slate-600 text-sm">
          {quotas.isPending
            ? 'Loading…'
            : 'None: each type sells up to its own capacity. Set the venue’s capacity, or places types share, on the capacity page.'}
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {items.map((quota) => (
            <li key={quota.id} className="text-sm">
              <span className="block break-words font-medium text-slate-900">
                {quota.name} <span className="font-normal text-slate-600">· {quotaTypesText(quota, types)}</span>
              </span>
              <span className="block text-slate-700 tabular-nums">
                {formatCount(quota.capacity)} places · {formatCount(quota.taken)} taken ({formatCount(quota.sold)} sold,{' '}
                {formatCount(quota.held)} held) · <span className="font-semibold">{formatCount(quota.left)} left</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/organizer/events/${eventId}/capacity`} className={`${linkClass} mt-2 inline-flex min-h-11 items-center`}>
        {items.length === 0 ? 'Set capacity' : 'Change capacity'}
      </Link>
    </div>
  );
}

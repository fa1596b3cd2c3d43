import { formatShortDate, relativeFromNow } from '#components/format/dates.ts';
import type { TicketType } from '#contract/events.ts';
import { formatPrice } from '#contract/money.ts';
import { useServerText } from '#lib/hydration.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Below this many tickets left, the list says how many. */
export const lowStockThreshold = 10;

/**
 * The tone at once; the text when asked for, since its dates are formatted with `Intl` (costly while hydrating,
 * when the page keeps the text the server wrote).
 */
export type Availability = { text: () => string; tone: 'muted' | 'warning' | 'ok' };

const fixed = (text: string, tone: Availability['tone']): Availability => ({ text: () => text, tone });

/** What a buyer needs to know of one ticket type right now. */
export function ticketAvailability(type: TicketType, timeZone: string, now: number): Availability {
  if (type.available <= 0) return fixed('Sold out', 'muted');
  const start = type.salesStart ? new Date(type.salesStart).getTime() : null;
  const end = type.salesEnd ? new Date(type.salesEnd).getTime() : null;
  if (start !== null && start > now) {
    return { text: () => `On sale from ${formatShortDate(type.salesStart as string, timeZone, new Date(now))}`, tone: 'muted' };
  }
  if (end !== null && end <= now) return fixed('Sales have ended', 'muted');
  const text = () => {
    const parts: string[] = [];
    if (type.available < lowStockThreshold) parts.push(`Only ${type.available} left`);
    if (end !== null) {
      parts.push(
        end - now < 7 * dayMs
          ? `Sales end ${relativeFromNow(new Date(end), now)}`
          : `Sales end ${formatShortDate(type.salesEnd as string, timeZone, new Date(now))}`,
      );
    }
    return parts.join(' · ') || 'Available';
  };
  return { text, tone: type.available < lowStockThreshold ? 'warning' : 'ok' };
}

const toneClass: Record<Availability['tone'], string> = {
  muted: 'text-slate-600',
  warning: 'font-semibold text-amber-800',
  ok: 'text-green-800',
};

interface TicketListProps {
  ticketTypes: TicketType[];
  timeZone: string;
  /** The moment availability is judged at: the loader's on the first render, the browser's after. */
  now: number;
  /** Off once nothing can be bought (cancelled or ended): stock and sales windows no longer mean anything. */
  showAvailability?: boolean;
}

export function TicketList({ ticketTypes, timeZone, now, showAvailability = true }: TicketListProps) {
  // Hydrating, the list keeps the availability the server wrote for the same moment.
  const keepServerText = useServerText(now);
  const visible = ticketTypes.filter((type) => !type.hidden);
  if (visible.length === 0) return <p className="text-slate-600">The organiser has not listed any tickets yet.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {visible.map((type) => {
        const availability = ticketAvailability(type, timeZone, now);
        return (
          <li key={type.id} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{type.name}</p>
              {type.description ? <p className="text-slate-600 text-sm">{type.description}</p> : null}
              {showAvailability ? (
                <p className={`mt-1 text-sm ${toneClass[availability.tone]}`} suppressHydrationWarning>
                  {keepServerText ? '' : availability.text()}
                </p>
              ) : null}
            </div>
            <p
              className={`shrink-0 font-semibold ${showAvailability && type.available <= 0 ? 'text-slate-500 line-through' : 'text-slate-900'}`}
            >
              {formatPrice(type.price, type.currency)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

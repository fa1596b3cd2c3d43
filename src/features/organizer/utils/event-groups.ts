import type { EventSummary } from '#contract/events.ts';

export type EventGroupName = 'draft' | 'upcoming' | 'past' | 'cancelled';

export const eventGroupOrder: readonly EventGroupName[] = ['draft', 'upcoming', 'past', 'cancelled'];

/**
 * An organisation's events by state: drafts, published ones still to come or running, published
 * ones that have ended (most recent first) and cancelled ones. The API lists soonest first.
 */
export function groupEvents<T extends EventSummary>(events: readonly T[], now: number): Record<EventGroupName, T[]> {
  const groups: Record<EventGroupName, T[]> = { draft: [], upcoming: [], past: [], cancelled: [] };
  for (const event of events) {
    if (event.status === 'draft') groups.draft.push(event);
    else if (event.status === 'cancelled') groups.cancelled.push(event);
    else if (Date.parse(event.endsAt) <= now) groups.past.push(event);
    else groups.upcoming.push(event);
  }
  groups.past.reverse();
  return groups;
}

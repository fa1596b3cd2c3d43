import { zonedDay } from '#components/format/dates.ts';

/** What the door needs of an event to list it. */
export interface DoorEventChoice {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  status: string;
}

export type DoorEventWhen = 'now' | 'today' | 'upcoming' | 'past';

export function whenIs(event: Pick<DoorEventChoice, 'startsAt' | 'endsAt' | 'timezone'>, now: number): DoorEventWhen {
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  if (start <= now && now <= end) return 'now';
  let zone = event.timezone;
  try {
    zonedDay(now, zone);
  } catch {
    zone = 'UTC';
  }
  if (zonedDay(start, zone) === zonedDay(now, zone) || zonedDay(end, zone) === zonedDay(now, zone)) return 'today';
  return start > now ? 'upcoming' : 'past';
}

const rank: Record<DoorEventWhen, number> = { now: 0, today: 1, upcoming: 2, past: 3 };

/**
 * Events a door can scan, today's first (under way, then later today), then upcoming soonest first, then
 * past ones latest first. Drafts and cancelled events have nobody to admit.
 */
export function orderDoorEvents<T extends DoorEventChoice>(
  events: readonly T[],
  now: number,
): Array<T & { when: DoorEventWhen }> {
  return events
    .filter((event) => event.status === 'published')
    .map((event) => ({ ...event, when: whenIs(event, now) }))
    .sort((a, b) => {
      const byRank = rank[a.when] - rank[b.when];
      if (byRank !== 0) return byRank;
      const delta = Date.parse(a.startsAt) - Date.parse(b.startsAt);
      return a.when === 'past' ? -delta : delta;
    });
}

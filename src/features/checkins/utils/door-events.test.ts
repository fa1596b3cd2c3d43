import { describe, expect, it } from 'vitest';
import { orderDoorEvents } from './door-events.ts';

const now = Date.parse('2026-06-20T18:00:00Z');
const event = (id: string, startsAt: string, endsAt: string, status = 'published') => ({
  id,
  title: id,
  startsAt,
  endsAt,
  timezone: 'Europe/London',
  status,
});

describe('the events a door can pick', () => {
  it('lists the one under way first, then later today, then upcoming soonest, then past latest, without drafts or cancelled ones', () => {
    const ordered = orderDoorEvents(
      [
        event('next-week', '2026-06-27T18:00:00Z', '2026-06-27T22:00:00Z'),
        event('last-month', '2026-05-20T18:00:00Z', '2026-05-20T22:00:00Z'),
        event('tonight', '2026-06-20T20:00:00Z', '2026-06-20T23:00:00Z'),
        event('draft', '2026-06-20T18:30:00Z', '2026-06-20T23:00:00Z', 'draft'),
        event('under-way', '2026-06-20T17:00:00Z', '2026-06-20T19:00:00Z'),
        event('yesterday', '2026-06-19T18:00:00Z', '2026-06-19T22:00:00Z'),
        event('cancelled', '2026-06-20T19:00:00Z', '2026-06-20T23:00:00Z', 'cancelled'),
        event('tomorrow', '2026-06-21T18:00:00Z', '2026-06-21T22:00:00Z'),
      ],
      now,
    );
    expect(ordered.map((e) => `${e.id}:${e.when}`)).toEqual([
      'under-way:now',
      'tonight:today',
      'tomorrow:upcoming',
      'next-week:upcoming',
      'yesterday:past',
      'last-month:past',
    ]);
  });
});

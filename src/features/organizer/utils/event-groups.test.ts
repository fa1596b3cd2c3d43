import { describe, expect, it } from 'vitest';
import type { EventSummary } from '#contract/events.ts';
import { groupEvents } from './event-groups.ts';

const event = (id: string, status: EventSummary['status'], startsAt: string, endsAt: string): EventSummary => ({
  id,
  title: id,
  summary: '',
  category: 'music',
  status,
  startsAt,
  endsAt,
  timezone: 'Europe/London',
  isOnline: false,
  venueName: null,
  city: null,
  coverImageUrl: null,
  coverImageSrcSet: null,
  priceFrom: null,
  currency: null,
  soldOut: false,
  organizer: { id: '00000000-0000-4000-8000-000000000000', name: 'Org', city: null },
  distanceKm: null,
});

describe('grouping an organisation’s events', () => {
  it('puts each event under its state, running events with the upcoming ones, the latest past first', () => {
    const now = Date.parse('2030-06-10T12:00:00Z');
    const groups = groupEvents(
      [
        event('old', 'published', '2030-05-01T10:00:00Z', '2030-05-01T12:00:00Z'),
        event('recent', 'published', '2030-06-01T10:00:00Z', '2030-06-01T12:00:00Z'),
        event('running', 'published', '2030-06-10T10:00:00Z', '2030-06-10T14:00:00Z'),
        event('idea', 'draft', '2030-04-01T10:00:00Z', '2030-04-01T12:00:00Z'),
        event('off', 'cancelled', '2030-07-01T10:00:00Z', '2030-07-01T12:00:00Z'),
        event('next', 'published', '2030-07-01T10:00:00Z', '2030-07-01T12:00:00Z'),
      ],
      now,
    );
    expect(groups.draft.map((item) => item.id)).toEqual(['idea']);
    expect(groups.upcoming.map((item) => item.id)).toEqual(['running', 'next']);
    expect(groups.past.map((item) => item.id)).toEqual(['recent', 'old']);
    expect(groups.cancelled.map((item) => item.id)).toEqual(['off']);
  });
});

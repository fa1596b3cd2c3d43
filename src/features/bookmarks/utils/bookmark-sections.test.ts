import { describe, expect, it } from 'vitest';
import type { Bookmark } from '#contract/bookmarks.ts';
import type { EventSummary } from '#contract/events.ts';
import { effectiveOverride } from '../hooks/use-bookmarked.ts';
import { type BookmarkOverride, overrideKey } from './bookmark-queue.ts';
import { bookmarkSections } from './bookmark-sections.ts';

const user = 'user-1';

function bookmark(id: string, startsAt: string, past = false): Bookmark {
  const event = { id, title: id, startsAt, endsAt: startsAt } as EventSummary;
  return { event, bookmarkedAt: '2026-01-01T00:00:00Z', past };
}

const titles = (items: Bookmark[]) => items.map((item) => item.event.id);
const waiting = (bookmarked: boolean): BookmarkOverride => ({ bookmarked, status: 'waiting', at: 1 });

describe('the bookmarks page', () => {
  const list = [
    bookmark('gig', '2026-07-01T19:00:00Z'),
    bookmark('old-play', '2025-03-01T19:00:00Z', true),
    bookmark('fair', '2026-06-01T10:00:00Z'),
    bookmark('older-talk', '2024-03-01T19:00:00Z', true),
  ];

  it('lists upcoming events soonest first, then past ones most recent first', () => {
    const sections = bookmarkSections(list, new Map(), user);
    expect(titles(sections.upcoming)).toEqual(['fair', 'gig']);
    expect(titles(sections.past)).toEqual(['old-play', 'older-talk']);
  });

  it('hides what this device removed offline, and counts what it added without the event’s details', () => {
    const overrides = new Map([
      [overrideKey(user, 'gig'), waiting(false)],
      [overrideKey(user, 'new-one'), waiting(true)],
      [overrideKey('someone-else', 'theirs'), waiting(true)],
    ]);
    const sections = bookmarkSections(list, overrides, user);
    expect(titles(sections.upcoming)).toEqual(['fair']);
    expect(sections.unlisted).toBe(1);
  });

  it('keeps an event un-bookmarked during the visit on screen, so it can be bookmarked again', () => {
    const onScreen = new Map(list.map((item) => [item.event.id, item] as const));
    const afterRemoval = list.filter((item) => item.event.id !== 'gig');
    const sections = bookmarkSections(afterRemoval, new Map([[overrideKey(user, 'gig'), waiting(false)]]), user, onScreen);
    expect(titles(sections.upcoming)).toEqual(['fair', 'gig']);
  });
});

describe('what a bookmark button shows', () => {
  it('prefers an unsent change over the server’s list', () => {
    expect(effectiveOverride({ bookmarked: true, status: 'queued', at: 10 }, 50)).toMatchObject({ bookmarked: true });
  });

  it('prefers a confirmed change until the list is fetched again', () => {
    const confirmed: BookmarkOverride = { bookmarked: true, status: 'synced', at: 100 };
    expect(effectiveOverride(confirmed, 50)).toBe(confirmed);
    expect(effectiveOverride(confirmed, 150)).toBeNull();
    expect(effectiveOverride(undefined, 150)).toBeNull();
  });
});

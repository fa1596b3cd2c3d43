// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEventStart } from '#components/format/dates.ts';
import type { EventSummary } from '#contract/events.ts';
import { setHydrating } from '#lib/hydration.ts';
import { EventCard } from './event-card.tsx';

vi.mock('#components/format/dates.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#components/format/dates.ts')>();
  return { ...actual, formatEventStart: vi.fn(actual.formatEventStart) };
});

// React's act() in a plain test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const event: EventSummary = {
  id: '6f1c2b3a-1d2e-4f50-8a9b-0c1d2e3f4a5b',
  title: 'Night Market',
  summary: '',
  category: 'food-and-drink',
  status: 'published',
  startsAt: '2030-06-14T18:30:00Z',
  endsAt: '2030-06-14T22:00:00Z',
  timezone: 'Europe/London',
  isOnline: false,
  venueName: 'Dock Hall',
  city: 'Leeds',
  coverImageUrl: null,
  coverImageSrcSet: null,
  priceFrom: 1500,
  currency: 'GBP',
  soldOut: false,
  organizer: { id: '00000000-0000-4000-8000-000000000000', name: 'Org', city: null },
  distanceKm: null,
};

const card = (shown: EventSummary) => (
  <RouterProvider router={createMemoryRouter([{ path: '/', element: <EventCard event={shown} /> }])} />
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  setHydrating(false);
  vi.mocked(formatEventStart).mockClear();
});

async function hydrateServerCard(): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(card(event));
  vi.mocked(formatEventStart).mockClear();
  const errors: unknown[] = [];
  setHydrating(true);
  await act(async () => {
    root = hydrateRoot(container, card(event), { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  return container;
}

describe('an event card in the browser', () => {
  it('keeps the date and price the server wrote while hydrating, without formatting them again', async () => {
    const container = await hydrateServerCard();
    expect(formatEventStart).not.toHaveBeenCalled();
    expect(container.querySelector('time')?.textContent).toBe('Fri 14 Jun 2030, 19:30');
    expect(container.textContent).toContain('From £15.00');
  });

  it('formats new data for a card that was hydrated', async () => {
    const container = await hydrateServerCard();
    setHydrating(false);
    await act(async () => root?.render(card({ ...event, startsAt: '2030-06-15T18:30:00Z', priceFrom: 2000 })));
    expect(formatEventStart).toHaveBeenCalled();
    expect(container.querySelector('time')?.textContent).toBe('Sat 15 Jun 2030, 19:30');
    expect(container.textContent).toContain('From £20.00');
  });
});

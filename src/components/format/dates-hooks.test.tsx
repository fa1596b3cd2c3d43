// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setHydrating } from '../../lib/hydration.ts';
import { useClientNow, useViewerZoneWhenOther } from './dates.ts';

// React's act() in a plain test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const startsAt = '2030-06-14T18:30:00Z';
/** This device's own offset at the start, in minutes east, as `Date` gives it. */
const deviceOffset = -new Date(startsAt).getTimezoneOffset();

function Zone({ offset }: { offset: number }) {
  return <p>{useViewerZoneWhenOther(startsAt, offset) ?? 'same clock'}</p>;
}

function Now({ serverNow }: { serverNow: number }) {
  return <p>{useClientNow(serverNow)}</p>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  setHydrating(false);
  vi.restoreAllMocks();
});

/** Server-renders the element, then hydrates it as the browser would, and returns the text after effects ran. */
async function hydrated(element: React.ReactElement): Promise<{ before: string; after: string }> {
  const container = document.createElement('div');
  // jsdom has a document: marked as hydrating, the render reads nothing of the device, as on the server.
  setHydrating(true);
  container.innerHTML = renderToString(element);
  const before = container.textContent ?? '';
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  setHydrating(false);
  await act(async () => {});
  return { before, after: container.textContent ?? '' };
}

describe('the viewer’s zone, after hydrating', () => {
  it('is not looked up when the device’s clock is on the event’s offset: no zone data is loaded', async () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const { before, after } = await hydrated(<Zone offset={deviceOffset} />);
    expect(before).toBe('same clock');
    expect(after).toBe('same clock');
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it('is the device’s zone when its clock is on another offset, once hydrated', async () => {
    const { before, after } = await hydrated(<Zone offset={deviceOffset + 60} />);
    expect(before).toBe('same clock');
    expect(after).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('the time a page judges by, after hydrating', () => {
  it('stays the server’s when the device’s clock agrees with it to the minute', async () => {
    const serverNow = Date.now() - 20_000;
    const { before, after } = await hydrated(<Now serverNow={serverNow} />);
    expect(before).toBe(String(serverNow));
    expect(after).toBe(String(serverNow));
  });

  it('is the device’s when the page was written long ago (kept on the device) or the clocks differ', async () => {
    const serverNow = Date.now() - 3 * 24 * 60 * 60 * 1000;
    const { before, after } = await hydrated(<Now serverNow={serverNow} />);
    expect(before).toBe(String(serverNow));
    expect(Number(after)).toBeGreaterThanOrEqual(Date.now() - 5_000);
  });
});

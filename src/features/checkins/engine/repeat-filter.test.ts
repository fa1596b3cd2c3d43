import { describe, expect, it } from 'vitest';
import { createRepeatFilter } from './repeat-filter.ts';

describe('createRepeatFilter', () => {
  it('judges a code once while it stays in view, and again after 3 s out of view', () => {
    const filter = createRepeatFilter(3000);
    expect(filter.accept('AD1X', 0)).toBe(true);
    for (let at = 100; at <= 10_000; at += 100) expect(filter.accept('AD1X', at)).toBe(false);
    expect(filter.accept('AD1X', 13_001)).toBe(true);
  });

  it('does not judge again the code whose verdict is still on screen, even after 3 s out of view', () => {
    const filter = createRepeatFilter(3000);
    expect(filter.accept('FORGED', 0)).toBe(true);
    filter.hold('FORGED');
    // Lowered and shown again 3.5 s later while the 6 s invalid verdict still shows: the same scan, not a second one.
    expect(filter.accept('FORGED', 3500)).toBe(false);
    expect(filter.accept('OTHER', 3600)).toBe(true);
    filter.hold(null);
    // Released: the window runs from the last sighting.
    expect(filter.accept('FORGED', 5000)).toBe(false);
    expect(filter.accept('FORGED', 8001)).toBe(true);
  });

  it('forgets a code on request', () => {
    const filter = createRepeatFilter(3000);
    filter.accept('AD1X', 0);
    filter.hold('AD1X');
    filter.forget('AD1X');
    expect(filter.accept('AD1X', 10)).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatEventStart } from './dates.ts';
import { deviceClock, deviceDateTime, deviceWeekdayTime } from './device-time.ts';

// A phone set to US English: every call that leaves the locale to the device gets en-US, as Chromium's would.
const originals = {
  toLocaleString: Date.prototype.toLocaleString,
  toLocaleDateString: Date.prototype.toLocaleDateString,
  toLocaleTimeString: Date.prototype.toLocaleTimeString,
  DateTimeFormat: Intl.DateTimeFormat,
};

beforeEach(() => {
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const original = originals[name];
    Date.prototype[name] = function (this: Date, locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
      return original.call(this, locales ?? 'en-US', options);
    };
  }
  const withUsDefault = ([locales, options]: unknown[]) =>
    [(locales ?? 'en-US') as Intl.LocalesArgument, options as Intl.DateTimeFormatOptions | undefined] as const;
  Intl.DateTimeFormat = new Proxy(originals.DateTimeFormat, {
    construct: (target, args) => new target(...withUsDefault(args)),
    apply: (target, _this, args) => target(...withUsDefault(args)),
  });
});

afterEach(() => {
  Date.prototype.toLocaleString = originals.toLocaleString;
  Date.prototype.toLocaleDateString = originals.toLocaleDateString;
  Date.prototype.toLocaleTimeString = originals.toLocaleTimeString;
  Intl.DateTimeFormat = originals.DateTimeFormat;
});

describe('the door’s times on a phone set to US English', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('print an event’s start as every other page does', () => {
    expect(deviceDateTime('2026-12-01T23:00:00Z', 'UTC', now)).toBe('Tue 1 Dec, 23:00');
    expect(deviceDateTime('2026-12-01T23:00:00Z', 'Europe/Berlin', now)).toBe(
      formatEventStart('2026-12-01T23:00:00Z', 'Europe/Berlin', now),
    );
  });

  it('print scan times on a 24-hour clock', () => {
    // Built from local parts, so the expectations hold in any zone the tests run in.
    const at = new Date(2026, 11, 1, 23, 4, 37).getTime();
    expect(deviceClock(at)).toBe('23:04');
    expect(deviceClock(at, true)).toBe('23:04:37');
    expect(deviceWeekdayTime(at)).toBe('Tue 23:04');
  });

  it('fall back to the device’s clock, in the same style, for a zone the engine does not know', () => {
    const at = new Date(2026, 11, 1, 23, 0).toISOString();
    expect(deviceDateTime(at, 'Mars/Olympus', now)).toBe('Tue 1 Dec, 23:00');
  });
});

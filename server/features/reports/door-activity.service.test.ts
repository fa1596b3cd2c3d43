import { describe, expect, it } from 'vitest';
import { arrivalSlotLimit } from '../../../src/contract/dashboard.ts';
import { arrivalSeries } from './door-activity.service.ts';

const slotMs = 5 * 60_000;
const at = (slot: number) => new Date(slot * slotMs).toISOString();
const base = 6_000_000; // a slot number, about 2027
const event = (endsSlot: number) => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Night',
  timezone: 'Europe/London',
  starts_at: new Date(base * slotMs),
  ends_at: new Date(endsSlot * slotMs),
});

describe('an event’s arrivals per 5 minutes', () => {
  it('runs from the first arrival to now while the event runs, empty slots as zero', () => {
    const series = arrivalSeries(
      event(base + 100),
      new Map([
        [base + 1, 3],
        [base + 3, 1],
      ]),
      new Date((base + 15) * slotMs + 1000),
    );
    expect(series.admitted).toBe(4);
    expect(series.slots.slice(0, 4)).toEqual([
      { at: at(base + 1), admitted: 3 },
      { at: at(base + 2), admitted: 0 },
      { at: at(base + 3), admitted: 1 },
      { at: at(base + 4), admitted: 0 },
    ]);
    expect(series.slots).toHaveLength(15);
    expect(series.slots.at(-1)).toEqual({ at: at(base + 15), admitted: 0 });
  });

  it('shows at least the last hour, so a first arrival is not one wide bar', () => {
    const series = arrivalSeries(event(base + 100), new Map([[base + 20, 1]]), new Date((base + 20) * slotMs));
    expect(series.slots).toHaveLength(12);
    expect(series.slots[0]).toEqual({ at: at(base + 9), admitted: 0 });
    expect(series.slots.at(-1)).toEqual({ at: at(base + 20), admitted: 1 });
  });

  it('ends at the last arrival once the event is over', () => {
    const series = arrivalSeries(
      event(base + 10),
      new Map([
        [base + 1, 2],
        [base + 2, 1],
      ]),
      new Date((base + 400) * slotMs),
    );
    expect(series.slots).toHaveLength(12);
    expect(series.slots.slice(-2)).toEqual([
      { at: at(base + 1), admitted: 2 },
      { at: at(base + 2), admitted: 1 },
    ]);
  });

  it('keeps the latest slots of a long event, and none when nobody came', () => {
    const series = arrivalSeries(
      event(base + 1000),
      new Map([
        [base, 1],
        [base + 500, 2],
      ]),
      new Date((base + 500) * slotMs),
    );
    expect(series.slots).toHaveLength(arrivalSlotLimit);
    expect(series.slots.at(-1)).toEqual({ at: at(base + 500), admitted: 2 });
    expect(series.admitted).toBe(3);
    expect(arrivalSeries(event(base + 10), new Map(), new Date(base * slotMs)).slots).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { axisTicks, bandLayout, labelIndexes, linearScale, linePath, niceStep, valueAxis } from './scale.ts';

describe('chart scales', () => {
  it('maps a data interval onto pixels, backwards for a y axis', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(25)).toBe(150);
    expect(y(100)).toBe(0);
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });

  it('picks round steps', () => {
    expect(niceStep(2_500)).toBe(5_000);
    expect(niceStep(0.3)).toBe(0.5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(0)).toBe(1);
  });

  it('ticks from zero to a round top at or above the largest value', () => {
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(152_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(-5)).toEqual([0, 1]);
  });

  it('scales values against the top tick', () => {
    const axis = valueAxis([10, 37], [200, 0]);
    expect(axis.ticks.at(-1)).toBe(40);
    expect(axis.y(40)).toBe(0);
    expect(axis.y(20)).toBe(100);
  });

  it('lays bars out in equal slots with gaps', () => {
    const band = bandLayout(4, 400, 0.2);
    expect(band.slot).toBe(100);
    expect(band.bar).toBe(80);
    expect(band.x(0)).toBe(10);
    expect(band.x(3)).toBe(310);
  });

  it('thins labels to the room there is, keeping the first', () => {
    expect([...labelIndexes(5, 10)]).toEqual([0, 1, 2, 3, 4]);
    expect([...labelIndexes(30, 8)]).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
  });

  it('draws a line, and an area closed to the baseline', () => {
    expect(linePath([])).toBe('');
    expect(
      linePath([
        [0, 10],
        [50, 2.345],
      ]),
    ).toBe('M0 10 L50 2.35');
    expect(
      linePath(
        [
          [0, 10],
          [50, 2],
        ],
        100,
      ),
    ).toBe('M0 10 L50 2 L50 100 L0 100 Z');
  });
});

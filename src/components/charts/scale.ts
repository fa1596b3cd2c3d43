/** Pure geometry for the SVG charts: no DOM, so the server and tests compute the same pictures. */

/** A function from a data interval onto a pixel interval (either may run backwards, as a y axis does). */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** A round step near `rough`: 1, 2 or 5 times a power of ten (2 500 → 5 000, 0.3 → 0.5). */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Axis ticks from zero to a round number at or above the largest value, about `count` of them. Whole
 * steps only (values are counts or minor units of money). Negative values are not charted.
 */
export function axisTicks(maxValue: number, count = 4): number[] {
  const max = Math.max(0, maxValue);
  if (max === 0) return [0, 1];
  const step = Math.max(1, niceStep(max / count));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return ticks;
}

/** The value axis of a chart: its ticks from zero, and the scale from values onto [bottom, top] pixels. */
export function valueAxis(
  values: readonly number[],
  pixels: readonly [number, number],
): { ticks: number[]; y(value: number): number } {
  const ticks = axisTicks(Math.max(0, ...values));
  return { ticks, y: linearScale([0, ticks[ticks.length - 1] ?? 1], pixels) };
}

/** Bars of equal width across `width`, with `gap` (a share of each slot, 0–1) between them. */
export function bandLayout(count: number, width: number, gap = 0.2): { slot: number; bar: number; x(index: number): number } {
  const slot = count > 0 ? width / count : width;
  const bar = slot * (1 - gap);
  return { slot, bar, x: (index) => index * slot + (slot - bar) / 2 };
}

/** Which of `count` labels to print so that at most `room` show, evenly spaced, the first always. */
export function labelIndexes(count: number, room: number): Set<number> {
  const every = Math.max(1, Math.ceil(count / Math.max(1, room)));
  const shown = new Set<number>();
  for (let index = 0; index < count; index += every) shown.add(index);
  return shown;
}

/** An SVG path through points ("M x y L x y …"); with `baseline`, closed down to it as an area. */
export function linePath(points: ReadonlyArray<readonly [number, number]>, baseline?: number): string {
  if (points.length === 0) return '';
  const line = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ');
  if (baseline === undefined) return line;
  const first = points[0] as readonly [number, number];
  const last = points[points.length - 1] as readonly [number, number];
  return `${line} L${round(last[0])} ${round(baseline)} L${round(first[0])} ${round(baseline)} Z`;
}

/** Two decimals are plenty for pixels and keep the server's markup short. */
export const round = (value: number) => Math.round(value * 100) / 100;

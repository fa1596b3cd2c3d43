import { type ReactNode, useId } from 'react';
import { labelIndexes, round } from './scale.ts';

export interface ChartPoint {
  /** The category or date under the bar or point: "Mon 3 Nov". */
  label: string;
  value: number;
}

export interface ChartProps {
  /** Names the chart: "Tickets sold per day". */
  title: string;
  /** One sentence on what it shows, read by screen readers: "Last 14 days, Europe/London". */
  description: string;
  data: readonly ChartPoint[];
  /** Axis and table text for a value: a count, or money through formatMoney. */
  formatValue(value: number): string;
  /** The drawing's own units; the SVG scales to its container's width. */
  width?: number;
  height?: number;
}

/**
 * The drawing's default units. The SVG scales to its container, so its text scales too: a drawing about as wide
 * as a phone keeps 11-unit labels readable there (about 9 px) and not oversized in a desktop column.
 */
export const chartSize = { width: 400, height: 220 } as const;

/** Room around the plot for the axis labels. */
export const margin = { top: 12, right: 12, bottom: 28, left: 64 } as const;

interface ChartFrameProps extends Pick<ChartProps, 'title' | 'description' | 'data' | 'formatValue'> {
  width: number;
  height: number;
  ticks: readonly number[];
  y(value: number): number;
  children: ReactNode;
}

/**
 * The parts every chart shares: an SVG named by its <title> and <desc>, the value axis with grid lines,
 * and the figures again as a visually hidden table for screen readers.
 */
export function ChartFrame({ title, description, data, formatValue, width, height, ticks, y, children }: ChartFrameProps) {
  const id = useId();
  return (
    <figure className="m-0">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full text-slate-500"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={round(y(tick))} y2={round(y(tick))} stroke="#e2e8f0" />
            <text x={margin.left - 8} y={round(y(tick))} dy="0.32em" textAnchor="end" fontSize="11" fill="currentColor">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {children}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{formatValue(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The category labels under the plot, thinned so that each has about 56 units of room. */
export function CategoryLabels({
  data,
  x,
  width,
  baseline,
}: {
  data: readonly ChartPoint[];
  x(index: number): number;
  width: number;
  baseline: number;
}) {
  const shown = labelIndexes(data.length, Math.floor((width - margin.left - margin.right) / 56));
  return (
    <g>
      {data.map((point, index) =>
        shown.has(index) ? (
          <text key={point.label} x={round(x(index))} y={baseline + 18} textAnchor="middle" fontSize="11" fill="currentColor">
            {point.label}
          </text>
        ) : null,
      )}
    </g>
  );
}

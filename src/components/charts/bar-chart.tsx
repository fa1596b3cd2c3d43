import { CategoryLabels, ChartFrame, type ChartProps, chartSize, margin } from './chart-frame.tsx';
import { bandLayout, round, valueAxis } from './scale.ts';

/** No bar wider than this, so a chart of few bars still reads as a chart. */
const maxBar = 40;

/** Bars per category (tickets sold per day), drawn on the server as SVG. */
export function BarChart({ width = chartSize.width, height = chartSize.height, ...chart }: ChartProps) {
  const baseline = height - margin.bottom;
  const { ticks, y } = valueAxis(
    chart.data.map((point) => point.value),
    [baseline, margin.top],
  );
  const band = bandLayout(chart.data.length, width - margin.left - margin.right);
  const bar = Math.min(band.bar, maxBar);
  const x = (index: number) => margin.left + band.x(index) + (band.bar - bar) / 2;
  const centre = (index: number) => x(index) + bar / 2;
  return (
    <ChartFrame {...chart} width={width} height={height} ticks={ticks} y={y}>
      <g className="text-indigo-600">
        {chart.data.map((point, index) => (
          <rect
            key={point.label}
            x={round(x(index))}
            y={round(y(point.value))}
            width={round(bar)}
            height={round(baseline - y(point.value))}
            rx="2"
            fill="currentColor"
          />
        ))}
      </g>
      <CategoryLabels data={chart.data} x={centre} width={width} baseline={baseline} />
    </ChartFrame>
  );
}

/**
 * A bar chart for a card as wide as the page: drawn for a phone's width below the `sm` breakpoint and twice as wide
 * above it, so its text keeps about the same size on both. Only the one shown is in the accessibility tree.
 */
export function WideBarChart(chart: Omit<ChartProps, 'width' | 'height'>) {
  return (
    <>
      <div className="sm:hidden">
        <BarChart {...chart} />
      </div>
      <div className="hidden sm:block">
        <BarChart {...chart} width={chartSize.width * 2} height={chartSize.height} />
      </div>
    </>
  );
}

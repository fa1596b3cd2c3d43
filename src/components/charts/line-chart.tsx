import { CategoryLabels, ChartFrame, type ChartProps, chartSize, margin } from './chart-frame.tsx';
import { linearScale, linePath, valueAxis } from './scale.ts';

/** A line over time (revenue per day), with the area under it filled unless `area` is false. */
export function LineChart({
  width = chartSize.width,
  height = chartSize.height,
  area = true,
  ...chart
}: ChartProps & { area?: boolean }) {
  const baseline = height - margin.bottom;
  const { ticks, y } = valueAxis(
    chart.data.map((point) => point.value),
    [baseline, margin.top],
  );
  const x = linearScale([0, Math.max(1, chart.data.length - 1)], [margin.left, width - margin.right]);
  const points = chart.data.map((point, index) => [x(index), y(point.value)] as const);
  return (
    <ChartFrame {...chart} width={width} height={height} ticks={ticks} y={y}>
      <g className="text-indigo-600">
        {area ? <path d={linePath(points, baseline)} fill="currentColor" fillOpacity="0.12" /> : null}
        <path d={linePath(points)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </g>
      <CategoryLabels data={chart.data} x={x} width={width} baseline={baseline} />
    </ChartFrame>
  );
}

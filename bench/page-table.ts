// The page bench's figures: per page, each metric's runs for Admit, for the floor and for the page floor, their
// medians and ratios, and the compact table printed at the end (also written as JSON).
import { median } from './http-util.ts';

export const pageMetrics = {
  jsKb: { label: 'JS before interactive (gzip)', format: (value: number) => `${value.toFixed(1)} KB` },
  score: { label: 'Lighthouse mobile score', format: (value: number) => value.toFixed(2) },
  lcpMs: { label: 'LCP (Lighthouse)', format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms` },
  lcpAppliedMs: {
    label: 'LCP, applied throttling',
    format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`,
  },
  tbtMs: { label: 'TBT (Lighthouse)', format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms` },
  scriptMs: { label: 'script, unthrottled', format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms` },
  taskMs: { label: 'tasks, unthrottled', format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms` },
  hydratedMs: { label: 'hydrated at, unthrottled', format: (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms` },
} as const;

export type PageMetric = keyof typeof pageMetrics;
export type Samples = Partial<Record<PageMetric, number[]>>;

/** What one page's runs gave, for Admit and for the floor (and the page floor, when measured) at the same address. */
export interface PageSamples {
  path: string;
  admit: Samples;
  floor: Samples;
  pageFloor?: Samples;
}

export interface MetricSummary {
  admit: number;
  floor: number;
  /** Admit over the floor; null when the floor's figure is 0 (or missing), where a ratio says nothing. */
  ratio: number | null;
  admitRuns: number[];
  floorRuns: number[];
  /** The page floor's median, Admit over it and its runs: what Admit's own code costs beyond the page's content. */
  pageFloor?: { median: number; ratio: number | null; runs: number[] };
}

export interface PageSummary {
  path: string;
  metrics: Partial<Record<PageMetric, MetricSummary>>;
}

export interface PageBenchSummary {
  date: string;
  /** Lighthouse's benchmarkIndex of this host, every run (Admit's and the floor's). */
  benchmarkIndex: { median: number; runs: number[] };
  pages: PageSummary[];
  /** Pages left out, and why. */
  notes: string[];
}

export function ratio(admit: number, floor: number): number | null {
  return Number.isFinite(admit) && Number.isFinite(floor) && floor > 0 ? admit / floor : null;
}

const finite = (values: number[] | undefined) => (values ?? []).filter((value) => Number.isFinite(value));

export function summarisePage(samples: PageSamples): PageSummary {
  const metrics: PageSummary['metrics'] = {};
  for (const metric of Object.keys(pageMetrics) as PageMetric[]) {
    const admitRuns = finite(samples.admit[metric]);
    const floorRuns = finite(samples.floor[metric]);
    if (admitRuns.length === 0 || floorRuns.length === 0) continue;
    const admit = median(admitRuns);
    const floor = median(floorRuns);
    metrics[metric] = { admit, floor, ratio: ratio(admit, floor), admitRuns, floorRuns };
    const pageFloorRuns = finite(samples.pageFloor?.[metric]);
    if (pageFloorRuns.length > 0) {
      const pageFloor = median(pageFloorRuns);
      metrics[metric].pageFloor = { median: pageFloor, ratio: ratio(admit, pageFloor), runs: pageFloorRuns };
    }
  }
  return { path: samples.path, metrics };
}

export function summarisePages(
  pages: PageSamples[],
  benchmarkIndexRuns: number[],
  notes: string[] = [],
  date = new Date(),
): PageBenchSummary {
  const runs = finite(benchmarkIndexRuns);
  return {
    date: date.toISOString(),
    benchmarkIndex: { median: runs.length ? median(runs) : Number.NaN, runs },
    pages: pages.map(summarisePage),
    notes,
  };
}

/** A page's address as the table shows it: ids as `{id}`, so the columns stay narrow. */
export const pageLabel = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');

const ratioText = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}×`);

/**
 * The table: a row per page and metric, Admit's median next to the floor's and the ratio, then the page floor's and
 * Admit's ratio to it when it was measured, and the number of runs.
 */
export function formatPageTable(summary: PageBenchSummary): string {
  const withPageFloor = summary.pages.some((page) => Object.values(page.metrics).some((figures) => figures?.pageFloor));
  const header = ['page', 'metric', 'Admit', 'floor', 'ratio', ...(withPageFloor ? ['page floor', 'ratio'] : []), 'runs'];
  const rows: string[][] = [];
  for (const page of summary.pages) {
    let first = true;
    for (const metric of Object.keys(pageMetrics) as PageMetric[]) {
      const figures = page.metrics[metric];
      if (!figures) continue;
      const { label, format } = pageMetrics[metric];
      rows.push([
        first ? pageLabel(page.path) : '',
        label,
        format(figures.admit),
        format(figures.floor),
        ratioText(figures.ratio),
        ...(withPageFloor
          ? figures.pageFloor
            ? [format(figures.pageFloor.median), ratioText(figures.pageFloor.ratio)]
            : ['—', '—']
          : []),
        figures.admitRuns.length === figures.floorRuns.length
          ? String(figures.admitRuns.length)
          : `${figures.admitRuns.length}/${figures.floorRuns.length}`,
      ]);
      first = false;
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const index = summary.benchmarkIndex;
  return [
    `Medians; ratio = Admit / floor (the floor: React + react-router hydrating one heading, same server)`,
    ...(withPageFloor
      ? ['page floor: the floor with React Query and the page’s own server HTML and stylesheet, none of Admit’s code']
      : []),
    line(header),
    ...rows.map(line),
    index.runs.length > 0
      ? `Host benchmarkIndex (Lighthouse): median ${Math.round(index.median)} of ${index.runs.length} runs, ` +
        `${Math.round(Math.min(...index.runs))}–${Math.round(Math.max(...index.runs))}`
      : 'Host benchmarkIndex (Lighthouse): no run finished',
    ...summary.notes,
  ].join('\n');
}

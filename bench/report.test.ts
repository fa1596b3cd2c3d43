import { describe, expect, it } from 'vitest';
import type { EventPageResult } from './event-page.ts';
import type { JsBudgetResult } from './js-budget.ts';
import type { LighthouseResult } from './lighthouse.ts';
import { faqPageLines, floorJsLine, lighthouseLines } from './report.ts';
import type { LoadResult } from './ssr-load.ts';

const js = (totalGzipBytes: number): JsBudgetResult => ({
  entry: '/assets/entry.js',
  files: [],
  totalGzipBytes,
  totalGzipKb: totalGzipBytes / 1000,
  goalKb: 120,
  withinGoal: true,
});

const run = (path: string, score: number, lcpMs: number, tbtMs: number, benchmarkIndex: number): LighthouseResult => ({
  path,
  score,
  metrics: { 'total-blocking-time': `${tbtMs} ms` },
  lcpMs,
  tbtMs,
  benchmarkIndex,
});

describe('npm run bench report beside the floor', () => {
  it('shows the floor’s JavaScript and Admit’s ratio to it, and nothing without a floor', () => {
    expect(floorJsLine(js(125_600), js(97_700))).toEqual([
      '   floor (React + react-router, one heading)     97.7 KB  Admit / floor 1.29×',
    ]);
    expect(floorJsLine(js(125_600), undefined)).toEqual([]);
  });

  it('puts the floor’s run of the same page under each Lighthouse run, with the ratios', () => {
    const lines = lighthouseLines([run('/', 0.78, 2400, 620, 1970)], [run('/', 1, 800, 0, 1990)]);
    expect(lines).toEqual([
      '   0.78  /  total blocking time 620 ms',
      '         floor 1.00, LCP 800 ms, TBT 0 ms; Admit / floor: score 0.78×, LCP 3.00×, TBT —; benchmarkIndex 1970 / 1990',
    ]);
    expect(lighthouseLines([run('/', 0.78, 2400, 620, 1970)], undefined)).toHaveLength(1);
  });

  it('puts the help article’s SSR throughput under the event page’s, with its ratio, and nothing when it was not measured', () => {
    const load = (requestsPerSec: number, p50Ms: number, p99Ms: number, non2xx = 0): LoadResult => ({
      url: 'http://127.0.0.1/x',
      headers: {},
      durationS: 10,
      p50Ms,
      p99Ms,
      requestsPerSec,
      requests: requestsPerSec * 10,
      non2xx,
      errors: 0,
      timeouts: 0,
    });
    const eventPage: EventPageResult = { path: '/event/e1', js: js(120_000), load: load(400, 38, 90) };
    expect(faqPageLines(eventPage, { path: '/faqs/refund-policy', load: load(500, 30, 70) })).toEqual([
      '   SSR FAQ page       500    30 ms    70 ms   /faqs/refund-policy',
      '   FAQ / event       1.25   FAQ pages/s over event pages/s, same server, same run',
    ]);
    expect(faqPageLines(eventPage, { path: '/faqs/gone', load: load(900, 5, 9, 9000) })[0]).toContain(
      '!! non-2xx 9000, errors 0, timeouts 0',
    );
    expect(faqPageLines(eventPage, undefined)).toEqual([]);
  });
});

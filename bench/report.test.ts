import { describe, expect, it } from 'vitest';
import type { JsBudgetResult } from './js-budget.ts';
import type { LighthouseResult } from './lighthouse.ts';
import { floorJsLine, lighthouseLines } from './report.ts';

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
});

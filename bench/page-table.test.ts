import { describe, expect, it } from 'vitest';
import { formatPageTable, ratio, summarisePage, summarisePages } from './page-table.ts';

describe('page bench figures', () => {
  it('takes each metric’s median for Admit and the floor and divides them', () => {
    const page = summarisePage({
      path: '/',
      admit: { scriptMs: [300, 240, 500], score: [0.7, 0.8], jsKb: [125.6] },
      floor: { scriptMs: [40, 60, 50], score: [1, 0.99], jsKb: [97.7] },
    });
    expect(page.metrics.scriptMs).toEqual({
      admit: 300,
      floor: 50,
      ratio: 6,
      admitRuns: [300, 240, 500],
      floorRuns: [40, 60, 50],
    });
    expect(page.metrics.score?.admit).toBeCloseTo(0.75);
    expect(page.metrics.score?.floor).toBeCloseTo(0.995);
    expect(page.metrics.jsKb?.ratio).toBeCloseTo(125.6 / 97.7);
    expect(page.metrics.tbtMs).toBeUndefined();
  });

  it('leaves out failed runs (NaN) and metrics one side has no run of', () => {
    const page = summarisePage({
      path: '/x',
      admit: { lcpMs: [Number.NaN, 2000], tbtMs: [10] },
      floor: { lcpMs: [800], tbtMs: [] },
    });
    expect(page.metrics.lcpMs).toMatchObject({ admit: 2000, floor: 800, admitRuns: [2000] });
    expect(page.metrics.tbtMs).toBeUndefined();
  });

  it('gives no ratio against a floor of zero', () => {
    expect(ratio(620, 0)).toBeNull();
    expect(ratio(Number.NaN, 10)).toBeNull();
    expect(ratio(15, 10)).toBe(1.5);
  });

  it('prints a row per page and metric with both medians, the ratio, the runs and the host’s benchmarkIndex', () => {
    const summary = summarisePages(
      [
        {
          path: '/event/76bb2e01-7a99-4b53-bc02-ae2f52fc260e',
          admit: { jsKb: [137.7], tbtMs: [1190, 1800, 1500], scriptMs: [480, 500, 520] },
          floor: { jsKb: [97.7], tbtMs: [0, 0, 0], scriptMs: [50, 40] },
        },
      ],
      [1950, 1990, 1970, Number.NaN],
      ['/faqs/general: skipped, it answers 404'],
      new Date('2026-11-25T12:00:00Z'),
    );
    expect(summary.benchmarkIndex).toEqual({ median: 1970, runs: [1950, 1990, 1970] });
    const lines = formatPageTable(summary).split('\n');
    expect(lines[1]).toMatch(/^page\s+metric\s+Admit\s+floor\s+ratio\s+runs$/);
    expect(lines[2]).toMatch(/^\/event\/\{id\}\s+JS before interactive \(gzip\)\s+137\.7 KB\s+97\.7 KB\s+1\.41×\s+1$/);
    expect(lines[3]).toMatch(/^\s+TBT \(Lighthouse\)\s+1,500 ms\s+0 ms\s+—\s+3$/);
    expect(lines[4]).toMatch(/^\s+script, unthrottled\s+500 ms\s+45 ms\s+11\.11×\s+3\/2$/);
    expect(lines[5]).toBe('Host benchmarkIndex (Lighthouse): median 1970 of 3 runs, 1950–1990');
    expect(lines[6]).toBe('/faqs/general: skipped, it answers 404');
  });

  it('adds the page floor’s median and Admit’s ratio to it where it was measured', () => {
    const summary = summarisePages(
      [
        {
          path: '/',
          admit: { jsKb: [129.8], hydratedMs: [990, 1000, 1010] },
          floor: { jsKb: [97.7], hydratedMs: [500, 520, 540] },
          pageFloor: { hydratedMs: [800, 790, 810] },
        },
      ],
      [2000],
      [],
      new Date('2026-12-05T12:00:00Z'),
    );
    expect(summary.pages[0]?.metrics.hydratedMs?.pageFloor).toEqual({ median: 800, ratio: 1.25, runs: [800, 790, 810] });
    expect(summary.pages[0]?.metrics.jsKb?.pageFloor).toBeUndefined();
    const lines = formatPageTable(summary).split('\n');
    expect(lines[1]).toMatch(/^page floor: the floor with React Query/);
    expect(lines[2]).toMatch(/^page\s+metric\s+Admit\s+floor\s+ratio\s+page floor\s+ratio\s+runs$/);
    expect(lines[3]).toMatch(/^\/\s+JS before interactive \(gzip\)\s+129\.8 KB\s+97\.7 KB\s+1\.33×\s+—\s+—\s+1$/);
    expect(lines[4]).toMatch(/^\s+hydrated at, unthrottled\s+1,000 ms\s+520 ms\s+1\.92×\s+800 ms\s+1\.25×\s+3$/);
  });
});

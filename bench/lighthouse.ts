// Lighthouse 13 mobile performance of pages, driving Debian's Chromium with the flags that work on this machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../tests/fixtures/chromium.ts';
import { repoRoot } from './server-process.ts';

export const lighthouseGoal = 0.95;

export interface LighthouseResult {
  path: string;
  score: number;
  metrics: Record<string, string>;
  /** Largest contentful paint and total blocking time in ms, as Lighthouse computed them (simulated throttling). */
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of this host's CPU speed in this run (higher is faster). */
  benchmarkIndex: number;
}

export interface LighthouseOptions {
  /** A Chromium already running with this DevTools port (e.g. one holding a session's cookies); else Lighthouse launches its own. */
  port?: number;
  /**
   * 'simulate' (Lighthouse's default): the page loads unthrottled and a model replays it on a slow phone. From a
   * server on this machine every request ends before the first paint, and the model counts each of them towards
   * LCP. 'devtools': Chromium itself slows the network and CPU while the page loads (the same RTT, bandwidth and
   * 4× CPU), so the paint happens when it would on the phone.
   */
  throttling?: 'simulate' | 'devtools';
}

const chromeFlags = ['--headless', ...chromiumArgs].join(' ');
const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { displayValue?: string; numericValue?: number }>;
  environment: { benchmarkIndex: number };
  finalDisplayedUrl: string;
}

export function measureLighthouse(baseUrl: string, path: string, options: LighthouseOptions = {}): LighthouseResult {
  const outDir = mkdtempSync(join(tmpdir(), 'admit-lighthouse-'));
  try {
    const output = join(outDir, 'report.json');
    const run = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'lighthouse'),
      [
        `${baseUrl}${path}`,
        '--only-categories=performance',
        '--form-factor=mobile',
        `--throttling-method=${options.throttling ?? 'simulate'}`,
        ...(options.port ? [`--port=${options.port}`] : [`--chrome-flags=${chromeFlags}`]),
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumPath }, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`lighthouse ${path} failed: ${run.stderr.slice(-400)}`);
    const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
    // A guarded page measured without its session would be the sign-in page's figures.
    const landed = new URL(report.finalDisplayedUrl);
    if (`${landed.pathname}${landed.search}` !== path) throw new Error(`lighthouse ${path} ended on ${landed.pathname}`);
    const metrics = Object.fromEntries(metricIds.map((id) => [id, report.audits[id]?.displayValue ?? '?']));
    return {
      path,
      score: report.categories.performance.score,
      metrics,
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

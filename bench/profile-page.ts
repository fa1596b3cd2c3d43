/**
 * Where a page's startup time goes: a CPU profile (DevTools protocol Profiler, sampling every 100 µs) of a cold load
 * of each path in desktop Chromium, unthrottled, service workers blocked, from navigation until the page says it is
 * hydrated (html[data-hydrated="true"]) and the main thread is idle. Prints, per path, the self time by script file
 * (framework, entry, page chunks, the browser's own work) and the heaviest functions, the median over the runs.
 *
 *   node bench/profile-page.ts [runs, default 3] [--signed-in] [path …]   (default paths: / and the first event; run
 *   `npm run build` first). `--signed-in` loads each path as the demo attendee (`/find-events` needs a session).
 *   BENCH_PROFILE_DIR=dir also writes each run's .cpuprofile there (open it in DevTools' Performance panel).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/fixtures/chromium.ts';
import { firstEventPath } from './event-page.ts';
import { median } from './http-util.ts';
import { signIn } from './page-session.ts';
import { admitServer, killAllServers, startServer } from './server-process.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time in ms by script file and by function, from a sampled profile. */
export function selfTimes(profile: CpuProfile): { byFile: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? (new URL(frame.url).pathname.split('/').pop() ?? frame.url) : `(${frame.functionName || 'browser'})`;
    const fn = `${frame.functionName || '(anonymous)'} ${file}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  return { byFile, byFunction };
}

const top = (totals: Map<string, number[]>, count: number) =>
  [...totals]
    .map(([name, values]) => [name, median(values)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const signedIn = args.includes('--signed-in');
  if (signedIn) args.splice(args.indexOf('--signed-in'), 1);
  const runs = Number(args[0]) > 0 ? Number(args.shift()) : 3;
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-profile-'));
  const server = await startServer(admitServer(dataDir, 120_000));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  try {
    const paths = args.length > 0 ? args : ['/', await firstEventPath(server.baseUrl)];
    const cookies = signedIn ? await signIn(server.baseUrl) : [];
    for (const path of paths) {
      const files = new Map<string, number[]>();
      const functions = new Map<string, number[]>();
      const hydratedAt: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ serviceWorkers: 'block' });
        await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: server.baseUrl })));
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
        hydratedAt.push(await page.evaluate(() => performance.now()));
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        if (profileDir)
          writeFileSync(join(profileDir, `${path.replace(/\W+/g, '_') || 'home'}-${run}.cpuprofile`), JSON.stringify(profile));
        const { byFile, byFunction } = selfTimes(profile);
        for (const [name, ms] of byFile) files.set(name, [...(files.get(name) ?? []), ms]);
        for (const [name, ms] of byFunction) functions.set(name, [...(functions.get(name) ?? []), ms]);
        await context.close();
      }
      const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
      process.stdout.write(`\n${path}: hydrated at ${ms(median(hydratedAt))} (median of ${runs})\n  self time by file:\n`);
      for (const [name, value] of top(files, 12)) process.stdout.write(`  ${ms(value)}  ${name}\n`);
      process.stdout.write('  heaviest functions:\n');
      for (const [name, value] of top(functions, 15)) process.stdout.write(`  ${ms(value)}  ${name}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    killAllServers();
    process.stderr.write(`profile-page failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}

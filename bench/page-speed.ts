// `npm run bench:pages [runs]`: Admit's public pages next to a floor measured in the same run. The floor
// (bench/floor) is React + react-router server-rendering and hydrating one heading, served by the same server
// (ssr/main.ts with DIST_DIR), so what Admit costs beyond the framework shows as a ratio that holds across hosts.
// Per page: JavaScript before interactive, Lighthouse mobile (score, LCP, TBT, benchmarkIndex), LCP again with the
// throttling applied while the page loads (bench/lighthouse.ts says why) and main-thread time in unthrottled
// Chromium; Admit and floor runs alternate so a burst of load on the machine falls on both.
// The page floor (bench/floor/page-content.ts) is measured beside them: the floor with React Query and each page's own
// server HTML from Admit, so Admit's ratio to it is what Admit's code costs beyond the page's content and the stack.
// BENCH_JSON=<file> also writes the medians and every run as JSON; BENCH_FAQ_SLUG picks the FAQ measured;
// BENCH_SCRIPT_LOADS sets how many loads each run's main-thread time is the median of.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { firstEventPath } from './event-page.ts';
import { startFloor } from './floor/build.ts';
import { writePageContents } from './floor/page-content.ts';
import { median, rawGet } from './http-util.ts';
import { measureJsBudget } from './js-budget.ts';
import { measureLighthouse } from './lighthouse.ts';
import { launchBrowser, measureScriptTime, type ScriptTime } from './page-script-time.ts';
import { cookieHeader, type SessionCookie, signIn, withCookieBrowser } from './page-session.ts';
import { formatPageTable, type PageSamples, type Samples, summarisePages } from './page-table.ts';
import { admitServer, ensureBuild, killAllServers, type StartedServer, startServer } from './server-process.ts';

const runs = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 3;
/** Cold loads per app, page and run for the main-thread time (BENCH_SCRIPT_LOADS, default 5). */
const scriptLoads = Number(process.env.BENCH_SCRIPT_LOADS) > 0 ? Number(process.env.BENCH_SCRIPT_LOADS) : 5;

interface Target {
  path: string;
  /** A signed-in visitor's cookies, for guarded pages. */
  cookies: SessionCookie[];
}

interface App {
  name: 'Admit' | 'floor' | 'page floor';
  server: StartedServer;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const errorLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));
const push = (samples: Samples, metric: keyof Samples, value: number) => {
  samples[metric] = [...(samples[metric] ?? []), value];
};

/** An FAQ's page: the slug from BENCH_FAQ_SLUG or the help desk's first article, else a skip note. */
async function faqTarget(baseUrl: string, cookies: SessionCookie[]): Promise<Target | string> {
  let slug = process.env.BENCH_FAQ_SLUG;
  if (!slug) {
    const listing = await fetch(`${baseUrl}/api/help/categories`).then(
      async (response) =>
        response.ok ? ((await response.json()) as { data?: { items?: Array<{ articles?: Array<{ slug: string }> }> } }) : null,
      () => null,
    );
    slug = listing?.data?.items?.flatMap((category) => category.articles ?? [])[0]?.slug ?? 'general';
  }
  const path = `/faqs/${encodeURIComponent(slug)}`;
  const { status } = await rawGet(`${baseUrl}${path}`, { cookie: cookieHeader(cookies) });
  return status === 200
    ? { path, cookies }
    : `${path}: skipped, it answers ${status} (BENCH_FAQ_SLUG names an article that exists)`;
}

async function measureJs(app: App, target: Target, samples: Samples): Promise<void> {
  const headers: Record<string, string> = target.cookies.length ? { cookie: cookieHeader(target.cookies) } : {};
  const js = await measureJsBudget(app.server.baseUrl, target.path, headers);
  push(samples, 'jsKb', js.totalGzipKb);
  say(
    `JavaScript before interactive  ${app.name.padEnd(10)}  ${target.path}: ${js.totalGzipKb.toFixed(1)} KB gzip in ${js.files.length} files`,
  );
}

async function measureRun(app: App, target: Target, samples: Samples, indexRuns: number[]): Promise<void> {
  const { baseUrl } = app.server;
  const figures: string[] = [];
  try {
    // Lighthouse now and then loses a trace on a loaded machine: that run is reported, not counted.
    const result = target.cookies.length
      ? await withCookieBrowser(baseUrl, target.cookies, (port) => measureLighthouse(baseUrl, target.path, { port }))
      : measureLighthouse(baseUrl, target.path);
    push(samples, 'score', result.score);
    push(samples, 'lcpMs', result.lcpMs);
    push(samples, 'tbtMs', result.tbtMs);
    indexRuns.push(result.benchmarkIndex);
    figures.push(
      `Lighthouse ${result.score.toFixed(2)}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, benchmarkIndex ${Math.round(result.benchmarkIndex)}`,
    );
  } catch (error) {
    figures.push(`Lighthouse failed: ${errorLine(error)}`);
  }
  try {
    const options = { throttling: 'devtools' } as const;
    const applied = target.cookies.length
      ? await withCookieBrowser(baseUrl, target.cookies, (port) => measureLighthouse(baseUrl, target.path, { ...options, port }))
      : measureLighthouse(baseUrl, target.path, options);
    push(samples, 'lcpAppliedMs', applied.lcpMs);
    figures.push(`LCP applied ${Math.round(applied.lcpMs)} ms`);
  } catch (error) {
    figures.push(`Lighthouse, applied throttling, failed: ${errorLine(error)}`);
  }
  say(`${app.name.padEnd(10)}  ${target.path}  ${figures.join('; ')}`);
}

/**
 * Main-thread time, unthrottled: `scriptLoads` cold loads of the page from each app, Admit and the floor taking
 * turns, so both meet the same moment of the machine's load. One load moves by a third from the next on this kind
 * of machine; each run's figure is the median of its loads.
 */
async function measureScriptTimes(browser: Browser, apps: App[], target: Target, samplesOf: (app: App) => Samples) {
  const loads = new Map<App, ScriptTime[]>(apps.map((app) => [app, []]));
  const failures: string[] = [];
  for (let load = 0; load < scriptLoads; load++) {
    for (const app of apps) {
      try {
        loads.get(app)?.push(await measureScriptTime(browser, app.server.baseUrl, target.path, target.cookies));
      } catch (error) {
        failures.push(`${app.name}: ${errorLine(error)}`);
      }
    }
  }
  for (const app of apps) {
    const times = loads.get(app) ?? [];
    if (times.length === 0) continue;
    const samples = samplesOf(app);
    push(samples, 'scriptMs', median(times.map((time) => time.scriptMs)));
    push(samples, 'taskMs', median(times.map((time) => time.taskMs)));
    push(samples, 'hydratedMs', median(times.map((time) => time.hydratedMs)));
    say(
      `${app.name.padEnd(10)}  ${target.path}  script ${times.map((time) => Math.round(time.scriptMs)).join(', ')} ms ` +
        `(median ${Math.round(median(times.map((time) => time.scriptMs)))} ms of ${times.length} loads)`,
    );
  }
  for (const failure of failures) say(`script time failed, ${target.path}: ${failure}`);
}

async function main(): Promise<void> {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-pages-'));
  const servers: StartedServer[] = [];
  let browser: Browser | undefined;
  try {
    const started = performance.now();
    // An hour's access token: the signed-in runs outlast the default 15 minutes on a slow machine.
    const [admit, floor] = await Promise.all([
      startServer(admitServer(dataDir, 180_000, { ACCESS_TOKEN_TTL_SECONDS: '3600' })).then((server) => {
        servers.push(server);
        return server;
      }),
      startFloor().then((server) => {
        servers.push(server);
        return server;
      }),
    ]);
    say(
      `Admit at ${admit.baseUrl}, the floor at ${floor.baseUrl} (floor built in ${(floor.buildMs / 1000).toFixed(1)} s, ` +
        `both ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const cookies = await signIn(admit.baseUrl);
    const targets: Target[] = [
      { path: '/', cookies: [] },
      { path: await firstEventPath(admit.baseUrl), cookies: [] },
      { path: '/events', cookies: [] },
      { path: '/find-events', cookies },
    ];
    const notes: string[] = [];
    const faq = await faqTarget(admit.baseUrl, cookies);
    if (typeof faq === 'string') notes.push(faq);
    else targets.push(faq);
    for (const note of notes) say(note);

    const pagesFile = join(dataDir, 'floor-pages.json');
    const contents = [];
    for (const target of targets) {
      const page = await rawGet(
        `${admit.baseUrl}${target.path}`,
        target.cookies.length ? { cookie: cookieHeader(target.cookies) } : {},
      );
      // The page floor shows what Admit rendered: an error page in its place would measure something else.
      if (page.status !== 200) throw new Error(`GET ${target.path} answered ${page.status}; the page floor needs the page`);
      contents.push({ path: target.path, html: page.body.toString('utf8') });
    }
    writePageContents(pagesFile, contents);
    const pageFloor = await startFloor('page floor', { pagesFile, admitDataDir: dataDir });
    servers.push(pageFloor);
    say(`The page floor at ${pageFloor.baseUrl} (built in ${(pageFloor.buildMs / 1000).toFixed(1)} s)`);
    const apps: App[] = [
      { name: 'Admit', server: admit },
      { name: 'floor', server: floor },
      { name: 'page floor', server: pageFloor },
    ];

    const pages: PageSamples[] = targets.map((target) => ({ path: target.path, admit: {}, floor: {}, pageFloor: {} }));
    const samplesOf = (app: App, index: number) => {
      const page = pages[index];
      return (app.name === 'Admit' ? page?.admit : app.name === 'floor' ? page?.floor : page?.pageFloor) ?? {};
    };
    for (const [index, target] of targets.entries()) for (const app of apps) await measureJs(app, target, samplesOf(app, index));

    browser = await launchBrowser();
    const indexRuns: number[] = [];
    for (let run = 0; run < runs; run++) {
      say(`Run ${run + 1} of ${runs}`);
      for (const [index, target] of targets.entries()) {
        // Admit first in even runs, the floors first in odd ones: none always follows another.
        const order = run % 2 ? [...apps].reverse() : apps;
        for (const app of order) await measureRun(app, target, samplesOf(app, index), indexRuns);
        await measureScriptTimes(browser, order, target, (app) => samplesOf(app, index));
      }
    }

    const summary = summarisePages(pages, indexRuns, notes);
    say('');
    say(formatPageTable(summary));
    if (process.env.BENCH_JSON) {
      writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(summary, null, 2)}\n`);
      say(`Wrote ${process.env.BENCH_JSON}`);
    }
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  killAllServers();
  process.stderr.write(`bench:pages failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

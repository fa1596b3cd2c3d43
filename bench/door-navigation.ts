/**
 * The door's cold start on a phone, in Chromium (Pixel 7) with 4× CPU throttling:
 * - navigation to a usable scanner: on a device already prepared (signed in, the event's scan data downloaded,
 *   the service worker installed and controlling), the time from navigation start to the manual code field
 *   (#door-manual-code) visible and enabled on a rendered page (html[data-hydrated="true"]), taken in the page
 *   (performance.now() at that moment: a MutationObserver installed before the app's code). Each navigation is a
 *   cold start: from about:blank with every service worker stopped. Measured with 2,000 ms of added latency on
 *   the page's and the worker's network (CDP Network.emulateNetworkConditions, online) and with none, the two
 *   alternating in the same run and page; the same for the prepare page (/organizer/scan-ticket, usable when its
 *   "Start scanning" link shows). The network requests answered before the page was usable are logged: with
 *   2,000 ms on each, any of them is on the critical path;
 * - the worker's first install: on a fresh device, from the first navigation to the page controlled by the worker
 *   and to the worker activated; the bytes its install fetched (over the wire, headers included) and the bytes
 *   its precache holds.
 *
 *   node bench/door-navigation.ts [navigations, default 12]   (builds nothing: run `npm run build` first)
 *   BENCH_PROFILE_DIR=dir also writes each navigation's CPU profile there (bench/profile-page.ts reads the same format).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, devices, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../tests/fixtures/chromium.ts';
import { freePort } from '../tests/fixtures/free-port.ts';
import { BrowserDevtools, type NetworkConditions, noAddedLatency } from './browser-devtools.ts';
import { type Distribution, distribution, eventWithTickets, organiser } from './door-device.ts';
import { admitServer, bookingLimitsOutOfReach, repoRoot, startServer } from './server-process.ts';

const throttling = 4;
/** BENCH_DEBUG=1 prints each step and each navigation's requests. */
const debug = process.env.BENCH_DEBUG ? (...values: unknown[]) => console.error('[door-navigation]', ...values) : () => {};
const addedLatencyMs = 2_000;
const goalMs = 1_000;
const withLatency: NetworkConditions = { latency: addedLatencyMs, downloadThroughput: -1, uploadThroughput: -1 };

/** A network request seen during one navigation, in ms from the page's navigation start. */
interface RequestRecord {
  /** The page's own request, or the service worker's fetch. */
  source: 'page' | 'worker';
  method: string;
  url: string;
  startMs: number;
  endMs: number | null;
  /** A page request the worker answered (from its caches, or with its own fetch, logged as a worker request). */
  answeredByWorker: boolean;
}

export interface RequestCount {
  request: string;
  /** In how many of the navigations with added latency. */
  navigations: number;
}

export interface PageNavigation {
  path: string;
  usableWhen: string;
  withLatencyMs: Distribution;
  noLatencyMs: Distribution;
  /** Median with added latency over median without. */
  ratio: number;
  /** Medians of the milestones, with added latency. */
  phasesWithLatency: NavigationPhases;
  /** Network requests (page or worker) answered before the page was usable, with added latency. */
  answeredBeforeUsable: RequestCount[];
  /** Network requests still waiting when the page was usable, with added latency (off the critical path). */
  pendingAtUsable: RequestCount[];
}

export interface WorkerInstall {
  firstPath: string;
  /** Navigation start to the worker's first install fetch (registration waits for the page to be idle). */
  installStartedMs: number | null;
  /** Navigation start to navigator.serviceWorker.controller set (controllerchange). */
  controlledMs: number;
  /** Navigation start to the registration's active worker in state 'activated'. */
  activatedMs: number;
  workerRequests: number;
  /** What the worker's fetches received over the wire, headers included (CDP encodedDataLength). */
  transferBytes: number;
  /** Response encodings of those fetches, e.g. { br: 80, none: 40 }. */
  encodings: Record<string, number>;
  precacheEntries: number;
  /** The bodies held in the workbox precache after the install (as served, decoded). */
  precacheBytes: number;
}

export interface DoorNavigationBench {
  throttling: number;
  latencyMs: number;
  goalMs: number;
  tickets: number;
  /** Whether the service worker target accepted the CPU throttling too (else only the page is throttled). */
  workerCpuThrottled: boolean;
  scan: PageNavigation;
  prepare: PageNavigation;
  install: WorkerInstall;
}

declare global {
  interface Window {
    __benchUsable?: Promise<number>;
    __benchRenderedAt?: number;
    __benchWorker?: { controlledAt?: number; activatedAt?: number };
  }
}

/**
 * Installed before any of the app's code: resolves `__benchUsable` with performance.now() (ms from navigation
 * start) at the first moment the page is rendered by the app and its door control is usable.
 */
function watchUsable() {
  const usable = (): boolean => {
    if (document.documentElement?.dataset.hydrated !== 'true') return false;
    const control = location.pathname.startsWith('/organizer/validate-ticket/scan')
      ? (document.getElementById('door-manual-code') as HTMLInputElement | null)
      : location.pathname.startsWith('/organizer/scan-ticket')
        ? document.querySelector<HTMLAnchorElement>('a[href^="/organizer/validate-ticket/scan?event="]')
        : null;
    return control !== null && !(control as HTMLInputElement).disabled && control.checkVisibility();
  };
  window.__benchUsable = new Promise((resolve) => {
    const check = () => {
      if (window.__benchRenderedAt === undefined && document.documentElement?.dataset.hydrated === 'true')
        window.__benchRenderedAt = performance.now();
      if (!usable()) return;
      observer.disconnect();
      resolve(performance.now());
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const worker: NonNullable<Window['__benchWorker']> = {};
  window.__benchWorker = worker;
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    worker.controlledAt ??= performance.now();
  });
  void navigator.serviceWorker.ready.then((registration) => {
    const active = registration.active;
    if (!active) return;
    const activated = () => {
      if (active.state === 'activated') worker.activatedAt ??= performance.now();
    };
    activated();
    active.addEventListener('statechange', activated);
  });
}

/** Logs the network requests of the page (one CDP session) and of the workers (the browser connection). */
class RequestLog {
  /** Times are wall-clock ms here; `entries` turns them into ms from a navigation start. */
  private readonly records = new Map<string, RequestRecord & { timestamp: number }>();

  constructor(page: CDPSession, devtools: BrowserDevtools) {
    page.on('Network.requestWillBeSent', (event) => this.started('page', event));
    page.on('Network.responseReceived', (event) => {
      const record = this.records.get(`page:${event.requestId}`);
      if (record && event.response.fromServiceWorker) record.answeredByWorker = true;
    });
    page.on('Network.loadingFinished', (event) => this.ended('page', event.requestId, event.timestamp));
    page.on('Network.loadingFailed', (event) => this.ended('page', event.requestId, event.timestamp));
    devtools.on('Network.requestWillBeSent', (event, sessionId) => {
      if (sessionId && devtools.workers.has(sessionId)) this.started('worker', event as never, sessionId);
    });
    for (const method of ['Network.loadingFinished', 'Network.loadingFailed'])
      devtools.on(method, (event, sessionId) => {
        if (sessionId) this.ended('worker', event.requestId as string, event.timestamp as number, sessionId);
      });
  }

  /** Starts a new navigation's log. */
  reset(): void {
    this.records.clear();
  }

  /** The requests since the navigation that started at `timeOrigin` (wall-clock ms), in ms from it. */
  entries(timeOrigin: number): RequestRecord[] {
    return [...this.records.values()]
      .filter((record) => record.startMs >= timeOrigin - 50)
      .map(({ timestamp: _, ...record }) => ({
        ...record,
        startMs: record.startMs - timeOrigin,
        endMs: record.endMs === null ? null : record.endMs - timeOrigin,
      }));
  }

  private started(
    source: RequestRecord['source'],
    event: { requestId: string; request: { url: string; method: string }; wallTime: number; timestamp: number },
    sessionId = '',
  ): void {
    if (!event.request.url.startsWith('http')) return;
    this.records.set(`${source}:${sessionId}${event.requestId}`, {
      source,
      method: event.request.method,
      url: event.request.url,
      startMs: event.wallTime * 1000,
      endMs: null,
      answeredByWorker: false,
      timestamp: event.timestamp,
    });
  }

  /** CDP's end times are monotonic seconds: placed on the wall clock from the request's start. */
  private ended(source: RequestRecord['source'], requestId: string, timestamp: number, sessionId = ''): void {
    const record = this.records.get(`${source}:${sessionId}${requestId}`);
    if (record) record.endMs = record.startMs + (timestamp - record.timestamp) * 1000;
  }
}

const requestName = (record: RequestRecord) => {
  const url = new URL(record.url);
  // Ids in paths and queries vary by event: keep the shape.
  const path = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id');
  return `${record.source === 'worker' ? 'worker ' : ''}${record.method} ${path}${url.search ? '?…' : ''}`;
};

function countRequests(navigations: string[][], runs: number): RequestCount[] {
  const counts = new Map<string, number>();
  for (const names of navigations) for (const name of new Set(names)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .map(([request, count]) => ({ request, navigations: count }))
    .sort((a, b) => b.navigations - a.navigations || a.request.localeCompare(b.request))
    .slice(0, Math.max(runs, 12));
}

/** Milestones of one navigation, in ms from its start (resource timing and the watcher). */
export interface NavigationPhases {
  /** The document (the app shell, from the worker) received. */
  shellMs: number;
  /** The entry script received. */
  entryScriptMs: number;
  /** The router asked for the page's chunk (the entry and framework ran, the kept queries restored). */
  pageChunkAskedMs: number;
  /** The last script received before usable. */
  lastScriptMs: number;
  /** The app rendered (html[data-hydrated]), before the door's control shows. */
  renderedMs: number;
}

function medianPhases(samples: NavigationPhases[]): NavigationPhases {
  const median = (key: keyof NavigationPhases) => distribution(samples.map((sample) => sample[key])).median;
  return {
    shellMs: median('shellMs'),
    entryScriptMs: median('entryScriptMs'),
    pageChunkAskedMs: median('pageChunkAskedMs'),
    lastScriptMs: median('lastScriptMs'),
    renderedMs: median('renderedMs'),
  };
}

interface NavigationSample {
  phases: NavigationPhases;
  usableMs: number;
  requests: RequestRecord[];
  answered: string[];
  pending: string[];
}

/** BENCH_PROFILE_DIR=dir writes a CPU profile of each navigation there, up to usable (open it in DevTools' Performance panel). */
const profileDir = process.env.BENCH_PROFILE_DIR;
let profiles = 0;

async function saveProfile(cdp: CDPSession, url: string, conditions: NetworkConditions): Promise<void> {
  if (!profileDir) return;
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  const name = `${new URL(url).pathname.split('/').pop()}-${conditions.latency}ms-${++profiles}.cpuprofile`;
  writeFileSync(join(profileDir, name), JSON.stringify(profile));
}

/** One cold navigation: from about:blank, workers stopped, the conditions set on page and workers. */
async function navigate(
  page: Page,
  cdp: CDPSession,
  devtools: BrowserDevtools,
  log: RequestLog,
  url: string,
  conditions: NetworkConditions,
): Promise<NavigationSample> {
  await page.goto('about:blank');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  // Set while the worker runs (a stopped worker answers nothing); its target, and these, outlive a stop.
  await devtools.setWorkerConditions(conditions, throttling);
  await cdp.send('ServiceWorker.stopAllWorkers');
  log.reset();
  debug('navigate', url, conditions.latency);
  if (profileDir) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const traceTo = process.env.BENCH_TRACE_DIR ? join(process.env.BENCH_TRACE_DIR, `trace-${++profiles}.json`) : null;
  if (traceTo) {
    mkdirSync(process.env.BENCH_TRACE_DIR ?? '', { recursive: true });
    await page.context().browser()?.startTracing(page, { path: traceTo, screenshots: false });
  }
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const { usableMs, timeOrigin, phases } = await page.evaluate(async () => {
    const usableMs = (await window.__benchUsable) ?? Number.NaN;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js') && entry.startTime < usableMs,
    );
    const pageChunk = scripts.find((entry) => /\/assets\/(validate-ticket-scan|organiser-scan-ticket)-/.test(entry.name));
    const phases: NavigationPhases = {
      shellMs: navigation?.responseEnd ?? Number.NaN,
      entryScriptMs: scripts.find((entry) => entry.name.includes('/assets/entry-client-'))?.responseEnd ?? Number.NaN,
      pageChunkAskedMs: pageChunk?.startTime ?? Number.NaN,
      lastScriptMs: Math.max(...scripts.map((entry) => entry.responseEnd)),
      renderedMs: window.__benchRenderedAt ?? Number.NaN,
    };
    return { usableMs, timeOrigin: performance.timeOrigin, phases };
  });
  if (profileDir) await saveProfile(cdp, url, conditions);
  if (traceTo) await page.context().browser()?.stopTracing();
  const requests = log.entries(timeOrigin);
  debug(
    `usable at ${usableMs.toFixed(0)} ms`,
    requests.map(
      (r) =>
        `${r.source} ${r.method} ${r.url} ${r.answeredByWorker ? '(worker)' : ''} ${r.startMs.toFixed(0)}→${r.endMs?.toFixed(0)}`,
    ),
  );
  // Requests that really went to the network: the page's own (not answered by the worker) and the worker's.
  const network = requests.filter((record) => !(record.source === 'page' && record.answeredByWorker));
  return {
    phases,
    usableMs,
    requests,
    answered: network.filter((record) => record.endMs !== null && record.endMs <= usableMs).map(requestName),
    pending: network.filter((record) => record.endMs === null || record.endMs > usableMs).map(requestName),
  };
}

async function measurePage(
  page: Page,
  cdp: CDPSession,
  devtools: BrowserDevtools,
  log: RequestLog,
  path: string,
  usableWhen: string,
  runs: number,
): Promise<PageNavigation> {
  const url = new URL(path, page.url()).href;
  // One of each first, not counted: the first start of a page after preparing it pays for compiling its code.
  await navigate(page, cdp, devtools, log, url, noAddedLatency);
  await navigate(page, cdp, devtools, log, url, withLatency);
  const slow: NavigationSample[] = [];
  const fast: NavigationSample[] = [];
  // Alternating, so a change in the host's load falls on both alike.
  for (let n = 0; n < runs; n += 1) {
    slow.push(await navigate(page, cdp, devtools, log, url, withLatency));
    fast.push(await navigate(page, cdp, devtools, log, url, noAddedLatency));
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...noAddedLatency });
  await devtools.setWorkerConditions(noAddedLatency, 1);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const withLatencyMs = distribution(slow.map((sample) => sample.usableMs));
  const noLatencyMs = distribution(fast.map((sample) => sample.usableMs));
  return {
    path: path.replace(/=[0-9a-f-]{36}/i, '=<event>'),
    usableWhen,
    withLatencyMs,
    noLatencyMs,
    ratio: withLatencyMs.median / noLatencyMs.median,
    phasesWithLatency: medianPhases(slow.map((sample) => sample.phases)),
    answeredBeforeUsable: countRequests(
      slow.map((sample) => sample.answered),
      runs,
    ),
    pendingAtUsable: countRequests(
      slow.map((sample) => sample.pending),
      runs,
    ),
  };
}

/** Signs in and prepares the event on this device (scan data downloaded), then waits for the worker to control the page. */
async function prepareDevice(page: Page, baseUrl: string, eventId: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in?redirect=${encodeURIComponent(`/organizer/scan-ticket?event=${eventId}`)}`);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('#field-email').fill(organiser.email);
  await page.locator('#field-password').fill(organiser.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Start scanning' }).click({ timeout: 60_000 });
  await page.locator('#door-manual-code').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

/** A fresh device's first visit: the worker's install, timed from navigation start, and what it fetched and keeps. */
async function measureInstall(context: BrowserContext, devtools: BrowserDevtools, baseUrl: string): Promise<WorkerInstall> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling });
  await devtools.setWorkerConditions(noAddedLatency, throttling);
  const fetches = new Map<string, { wallStart: number; bytes: number; encoding: string }>();
  const off = [
    devtools.on('Network.requestWillBeSent', (event, sessionId) => {
      if (!sessionId || !devtools.workers.has(sessionId)) return;
      fetches.set(`${sessionId}:${event.requestId}`, {
        wallStart: (event.wallTime as number) * 1000,
        bytes: 0,
        encoding: 'none',
      });
    }),
    devtools.on('Network.responseReceived', (event, sessionId) => {
      const fetch = fetches.get(`${sessionId}:${event.requestId}`);
      const headers = (event.response as { headers: Record<string, string> }).headers;
      const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      if (fetch) fetch.encoding = encoding ?? 'none';
    }),
    devtools.on('Network.loadingFinished', (event, sessionId) => {
      const fetch = fetches.get(`${sessionId}:${event.requestId}`);
      if (fetch) fetch.bytes = event.encodedDataLength as number;
    }),
  ];
  const firstPath = '/organizer/scan-ticket';
  debug('install: first visit');
  await page.goto(`${baseUrl}${firstPath}`);
  // A worker that never takes the page leaves its figures out (NaN, shown as such) instead of the whole run.
  const controlled = await page
    .waitForFunction(
      () => window.__benchWorker?.controlledAt !== undefined && window.__benchWorker.activatedAt !== undefined,
      undefined,
      { timeout: 120_000, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!controlled)
    process.stderr.write(
      `door-navigation: the worker did not control the first page in 120 s: ${JSON.stringify(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            controller: navigator.serviceWorker.controller?.state ?? null,
            installing: registration?.installing?.state ?? null,
            waiting: registration?.waiting?.state ?? null,
            active: registration?.active?.state ?? null,
          };
        }),
      )}\n`,
    );
  const timing = await page.evaluate(() => ({ ...window.__benchWorker, timeOrigin: performance.timeOrigin }));
  debug('install: controlled', timing);
  const held = await page.evaluate(async () => {
    let entries = 0;
    let bytes = 0;
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (!response) continue;
        entries += 1;
        bytes += (await response.arrayBuffer()).byteLength;
      }
    }
    return { entries, bytes };
  });
  for (const stop of off) stop();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await devtools.setWorkerConditions(noAddedLatency, 1);
  await page.close();
  const list = [...fetches.values()];
  const encodings: Record<string, number> = {};
  for (const fetch of list) encodings[fetch.encoding] = (encodings[fetch.encoding] ?? 0) + 1;
  const firstFetch = Math.min(...list.map((fetch) => fetch.wallStart));
  return {
    firstPath,
    installStartedMs: list.length ? firstFetch - timing.timeOrigin : null,
    controlledMs: timing.controlledAt ?? Number.NaN,
    activatedMs: timing.activatedAt ?? Number.NaN,
    workerRequests: list.length,
    transferBytes: list.reduce((sum, fetch) => sum + fetch.bytes, 0),
    encodings,
    precacheEntries: held.entries,
    precacheBytes: held.bytes,
  };
}

async function launch(): Promise<{ browser: Browser; devtools: BrowserDevtools }> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    return { browser, devtools: await BrowserDevtools.connect(port) };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

export async function measureDoorNavigation(runs = 12, tickets = 10): Promise<DoorNavigationBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-door-navigation-'));
  const server = await startServer(admitServer(dataDir, 60_000, bookingLimitsOutOfReach));
  const { browser, devtools } = await launch();
  try {
    const fresh = await browser.newContext({ ...devices['Pixel 7'] });
    await fresh.addInitScript(watchUsable);
    const install = await measureInstall(fresh, devtools, server.baseUrl);
    await fresh.close();

    const { eventId } = await eventWithTickets(server.baseUrl, tickets);
    debug('prepare device', eventId);
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    await context.addInitScript(watchUsable);
    const page = await context.newPage();
    await prepareDevice(page, server.baseUrl, eventId);
    debug('prepared');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('ServiceWorker.enable');
    const log = new RequestLog(cdp, devtools);
    const scan = await measurePage(
      page,
      cdp,
      devtools,
      log,
      `/organizer/validate-ticket/scan?event=${eventId}`,
      '#door-manual-code visible and enabled, page rendered',
      runs,
    );
    const prepare = await measurePage(
      page,
      cdp,
      devtools,
      log,
      `/organizer/scan-ticket?event=${eventId}`,
      '"Start scanning" shown for the prepared event, page rendered',
      runs,
    );
    return {
      throttling,
      latencyMs: addedLatencyMs,
      goalMs,
      tickets,
      workerCpuThrottled: devtools.workerCpuThrottling === true,
      scan,
      prepare,
      install,
    };
  } finally {
    devtools.close();
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const counts = (list: RequestCount[], runs: number) =>
  list.length ? list.map((item) => `${item.request} (${item.navigations}/${runs})`).join(', ') : 'none';

function navigationLines(label: string, result: PageNavigation, bench: DoorNavigationBench): string[] {
  const { withLatencyMs: slow, noLatencyMs: fast, phasesWithLatency: p } = result;
  const goal =
    label === 'Scanner' ? `  goal median ≤ ${bench.goalMs} ms: ${slow.median <= bench.goalMs ? 'within goal' : 'OVER'}` : '';
  return [
    `   ${label}, navigation start → usable (${result.path}; ${result.usableWhen}), ${slow.samples} cold navigations each:`,
    `     + ${bench.latencyMs.toLocaleString('en')} ms latency: median ${f(slow.median)}, p95 ${f(slow.p95)}${goal}`,
    `     no added latency:   median ${f(fast.median)}, p95 ${f(fast.p95)}; with / without: median ${result.ratio.toFixed(2)}`,
    `     milestones (median, with latency): shell ${f(p.shellMs)}, entry script ${f(p.entryScriptMs)}, page chunk asked ${f(p.pageChunkAskedMs)}, last script ${f(p.lastScriptMs)}, app rendered ${f(p.renderedMs)}, usable ${f(slow.median)}`,
    `     network requests answered before usable (with latency): ${counts(result.answeredBeforeUsable, slow.samples)}`,
    `     still waiting at usable (off the critical path): ${counts(result.pendingAtUsable, slow.samples)}`,
  ];
}

export function formatDoorNavigation(result: DoorNavigationBench): string[] {
  const { install } = result;
  const encodings = Object.entries(install.encodings)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    `   Cold start on a prepared device (${result.throttling}× CPU throttling${result.workerCpuThrottled ? ', worker too' : ', page only'}; latency on page and worker, online; ${result.tickets} tickets):`,
    ...navigationLines('Scanner', result.scan, result),
    ...navigationLines('Prepare page', result.prepare, result),
    `   Worker's first install (fresh device, ${result.throttling}× throttling, first page ${install.firstPath}):`,
    `     navigation start → install fetches start ${install.installStartedMs === null ? 'n/a' : f(install.installStartedMs)}, → page controlled ${f(install.controlledMs)}, → worker activated ${f(install.activatedMs)}`,
    `     precache: ${install.precacheEntries} entries, ${kb(install.precacheBytes)} held; fetched ${kb(install.transferBytes)} over the wire in ${install.workerRequests} requests (${encodings})`,
  ];
}

if (import.meta.main) {
  const runs = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : undefined;
  const result = await measureDoorNavigation(runs);
  process.stdout.write(`Door navigation (Chromium, Pixel 7)\n${formatDoorNavigation(result).join('\n')}\n`);
  const folder = join(repoRoot, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'door-navigation.json'),
    `${JSON.stringify({ date: new Date().toISOString(), doorNavigation: result }, null, 2)}\n`,
  );
  process.stdout.write(`\nWrote ${join('bench', 'results', 'door-navigation.json')}\n`);
}

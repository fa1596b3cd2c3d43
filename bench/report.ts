// The human-readable report.
import type { AuthResult } from './auth-load.ts';
import { type BookingResult, formatBooking } from './booking-load.ts';
import { type CheckinBench, formatCheckins } from './checkin-load.ts';
import { type DashboardBench, formatDashboard } from './dashboard.ts';
import { type DashboardLiveBench, formatDashboardLive } from './dashboard-live.ts';
import { type DoorDeviceBench, formatDoorDevice } from './door-device.ts';
import { type DoorNavigationBench, formatDoorNavigation } from './door-navigation.ts';
import type { EventPageResult } from './event-page.ts';
import type { FaqPageResult } from './faq-page.ts';
import { formatHelpDesk, type HelpDeskBench } from './help-desk.ts';
import type { JsBudgetResult } from './js-budget.ts';
import { type LighthouseResult, lighthouseGoal } from './lighthouse.ts';
import { ratio } from './page-table.ts';
import type { SearchLatency } from './search-latency.ts';
import { connections, type LoadResult, type ThroughputResult, warmUpSeconds } from './ssr-load.ts';
import type { StartupResult } from './startup.ts';

export interface BenchResults {
  date: string;
  environment: { node: string; platform: string; cpus: number; cpuModel: string; durationS: number };
  jsBeforeInteractive: JsBudgetResult;
  throughput: ThroughputResult;
  auth: AuthResult;
  eventPage: EventPageResult;
  /** The help article page (/faqs/{slug}), loaded right after the event page on the same server. */
  faqPage?: FaqPageResult;
  lighthouse: LighthouseResult[];
  /** The floor (bench/floor: React + react-router hydrating one heading) on the same server: its JS and Lighthouse runs of the same paths. */
  floor?: { jsBeforeInteractive: JsBudgetResult; lighthouse: LighthouseResult[] };
  search: SearchLatency[];
  /** Help desk: article search over 2,000 articles and the agents' queue over 100,000 cases, with the queue's plan. */
  helpDesk?: HelpDeskBench[];
  dashboard?: DashboardBench[];
  /** A door scan reaching an open dashboard, in Chromium. */
  dashboardLive?: DashboardLiveBench;
  startup: StartupResult;
  rssAfterLoadTestMb: number;
  /** The door: check-ins under load next to pgbench, and the scan-data download. */
  checkins?: CheckinBench;
  /** The door on a phone: offline verdict time and local search, in Chromium with 4× CPU throttling. */
  doorDevice?: DoorDeviceBench;
  /** The door's cold start on a phone: navigation to a usable scanner with 2,000 ms latency, and the worker's first install. */
  doorNavigation?: DoorNavigationBench;
  /** Booking: completed orders under load next to pgbench, oversold count, and the kill -9 chaos run. */
  booking?: BookingResult;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const num = (value: number) => value.toFixed(0);

const times = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}×`);

/** The floor's JS before interactive and Admit's over it. */
export function floorJsLine(admit: JsBudgetResult, floor: JsBudgetResult | undefined): string[] {
  if (!floor) return [];
  return [
    `   floor (React + react-router, one heading) ${kb(floor.totalGzipBytes).padStart(8)} KB  Admit / floor ${times(ratio(admit.totalGzipBytes, floor.totalGzipBytes))}`,
  ];
}

/** Each Lighthouse run of Admit, then the floor's run of the same path beside it and Admit's ratios to it. */
export function lighthouseLines(admit: LighthouseResult[], floor: LighthouseResult[] | undefined): string[] {
  return admit.flatMap((run, index) => {
    const metrics = Object.entries(run.metrics)
      .map(([id, value]) => `${id.replace(/-/g, ' ')} ${value}`)
      .join(', ');
    const lines = [`   ${run.score.toFixed(2)}  ${run.path}  ${metrics}`];
    const base = floor?.[index];
    if (base)
      lines.push(
        `         floor ${base.score.toFixed(2)}, LCP ${ms(base.lcpMs)}, TBT ${ms(base.tbtMs)}; Admit / floor: score ${times(ratio(run.score, base.score))}, ` +
          `LCP ${times(ratio(run.lcpMs, base.lcpMs))}, TBT ${times(ratio(run.tbtMs, base.tbtMs))}; benchmarkIndex ${num(run.benchmarkIndex)} / ${num(base.benchmarkIndex)}`,
      );
    return lines;
  });
}

/** The help article's SSR throughput under the event page's, and its ratio to it. */
export function faqPageLines(eventPage: EventPageResult, faqPage: FaqPageResult | undefined): string[] {
  if (!faqPage) return [];
  return [
    loadLine('SSR FAQ page', faqPage.load, faqPage.path),
    `   ${'FAQ / event'.padEnd(14)} ${(faqPage.load.requestsPerSec / eventPage.load.requestsPerSec).toFixed(2).padStart(7)}   FAQ pages/s over event pages/s, same server, same run`,
  ];
}

function loadLine(label: string, load: LoadResult, what: string): string {
  const problems = load.non2xx + load.errors + load.timeouts;
  const health = problems ? `  !! non-2xx ${load.non2xx}, errors ${load.errors}, timeouts ${load.timeouts}` : '';
  const figures = [num(load.requestsPerSec).padStart(7), ms(load.p50Ms).padStart(8), ms(load.p99Ms).padStart(8)].join(' ');
  return `   ${label.padEnd(14)} ${figures}   ${what}${health}`;
}

export function formatReport(results: BenchResults): string {
  const { environment: env, jsBeforeInteractive: js, throughput, startup, auth, search, eventPage } = results;
  const width = Math.max(...js.files.map((file) => file.path.length), 10);
  const lines = [
    `Admit benchmark  ${results.date}`,
    `Node ${env.node} on ${env.platform}, ${env.cpus} CPUs (${env.cpuModel})`,
    '',
    '1. JavaScript before / is interactive (gzip transfer size, 1 KB = 1000 bytes)',
    `   ${'file'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  source`,
    ...js.files.map(
      (file) =>
        `   ${file.path.padEnd(width)}  ${kb(file.rawBytes).padStart(8)}  ${kb(file.gzipBytes).padStart(8)}  ${file.source}`,
    ),
    `   ${'total'.padEnd(width)}  ${''.padStart(8)}  ${kb(js.totalGzipBytes).padStart(8)}  goal <= ${js.goalKb} KB: ${
      js.withinGoal ? 'within goal' : `OVER by ${(js.totalGzipKb - js.goalKb).toFixed(1)} KB`
    }`,
    ...floorJsLine(js, results.floor?.jsBeforeInteractive),
    '',
    `2. Throughput (autocannon, ${connections} connections, ${env.durationS} s each after a ${warmUpSeconds} s warm-up)`,
    `   ${''.padEnd(14)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`,
    loadLine('SSR pages', throughput.ssr, 'GET /'),
    loadLine(
      'static asset',
      throughput.static,
      `GET ${js.entry} (accept-encoding: br, served ${throughput.static.contentEncoding})`,
    ),
    `   ${'SSR / static'.padEnd(14)} ${throughput.ssrOverStatic.toFixed(2).padStart(7)}   SSR pages/s over static req/s, same server, same run`,
    '',
    '3. Start-up (spawn until the first GET / answers 200, polled every 25 ms)',
    `   bare node http server (baseline)         ${ms(startup.bareNodeMs.median).padStart(8)}  median of ${startup.bareNodeMs.runs
      .map(ms)
      .join(', ')}`,
    `   first start (creates, migrates, seeds)   ${ms(startup.firstStartMs).padStart(8)}`,
    `   warm start, existing database            ${ms(startup.warmStartMs.median).padStart(8)}  median of ${startup.warmStartMs.runs
      .map(ms)
      .join(', ')}`,
    `   warm start / bare node ratio             ${`${startup.warmOverBare.toFixed(1)}x`.padStart(8)}`,
    `   RSS right after the first page           ${`${results.startup.rssAfterFirstPageMb.toFixed(1)} MB`.padStart(8)}`,
    `   RSS after the load tests                 ${`${results.rssAfterLoadTestMb.toFixed(1)} MB`.padStart(8)}`,
    '',
    '4. Accounts',
    `   argon2id verify (19 MiB, t=2, p=1)       ${ms(auth.argon2.verifyMs).padStart(8)}  one verify, in process`,
    `   verifies/s, 1 at a time / 4 at a time  ${num(auth.argon2.verifiesPerSecSequential).padStart(6)} / ${num(auth.argon2.verifiesPerSecParallel)}   (the bound on sign-ins/s)`,
    `   sign-in over HTTP, median                ${ms(auth.signIn.medianMs).padStart(8)}  of ${auth.signIn.samples} sequential sign-ins`,
    `                    req/s      p50      p99`,
    loadLine('GET /users/{id}', auth.authenticated, 'with a Bearer token (verify + one query)'),
    loadLine('GET /orgs/{id}', auth.unauthenticatedQuery, 'one query, no token'),
    loadLine('GET /health', auth.health, 'no token, no query'),
    `   ${'auth / health'.padEnd(14)} ${auth.authenticatedOverHealth.toFixed(2).padStart(7)}   authenticated req/s over health req/s, same server, same run`,
    `   ${'auth / query'.padEnd(14)} ${auth.authenticatedOverQuery.toFixed(2).padStart(7)}   authenticated req/s over a public one-query call (token check plus a heavier user query)`,
    '',
    '5. Event page and help article page',
    `   JavaScript before interactive (gzip)     ${`${kb(eventPage.js.totalGzipBytes)} KB`.padStart(8)}  ${eventPage.js.files.length} files`,
    ...floorJsLine(eventPage.js, results.floor?.jsBeforeInteractive),
    loadLine('SSR event page', eventPage.load, eventPage.path),
    `   ${'event / static'.padEnd(14)} ${(eventPage.load.requestsPerSec / throughput.static.requestsPerSec).toFixed(2).padStart(7)}   event pages/s over static req/s, same server, same run`,
    ...faqPageLines(eventPage, results.faqPage),
    '',
    '6. Event search (listing query with filters, in process, after one warm-up round)',
    ...search.map(
      (result) =>
        `   ${result.database.padEnd(20)} ${result.events} events  median ${result.medianMs.toFixed(1)} ms  p95 ${result.p95Ms.toFixed(1)} ms  (${result.queries} queries)`,
    ),
    '',
    `7. Lighthouse 13, mobile, performance (goal >= ${lighthouseGoal})`,
    ...lighthouseLines(results.lighthouse, results.floor?.lighthouse),
    '',
    ...(results.checkins ? [`8. ${formatCheckins(results.checkins)}`] : []),
    ...(results.doorDevice ? ['', '9. The door on a phone (Chromium, Pixel 7)', ...formatDoorDevice(results.doorDevice)] : []),
    ...(results.doorNavigation ? formatDoorNavigation(results.doorNavigation) : []),
    ...(results.booking ? ['', `10. ${formatBooking(results.booking).join('\n')}`] : []),
    ...(results.helpDesk ? ['', '11. Help desk (in process, after one warm-up round)', ...formatHelpDesk(results.helpDesk)] : []),
    ...(results.dashboard
      ? ['', '12. Organiser dashboard data (in process, after one warm-up call)', ...formatDashboard(results.dashboard)]
      : []),
    ...(results.dashboardLive ? formatDashboardLive(results.dashboardLive) : []),
  ];
  return lines.join('\n');
}

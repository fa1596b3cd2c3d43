// `npm run bench`: JavaScript budget, SSR throughput against a static baseline, and start-up, all in one run.
// BENCH_DURATION sets the seconds of each measured load run (default 10).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureAuth } from './auth-load.ts';
import { measureBooking } from './booking-load.ts';
import { measureCheckins } from './checkin-load.ts';
import { measureDashboard } from './dashboard.ts';
import { measureDashboardLive } from './dashboard-live.ts';
import { measureDoorDevice } from './door-device.ts';
import { measureDoorNavigation } from './door-navigation.ts';
import { measureEventPage } from './event-page.ts';
import { measureFaqPage } from './faq-page.ts';
import { startFloor } from './floor/build.ts';
import { measureHelpDesk } from './help-desk.ts';
import { type JsBudgetResult, measureJsBudget } from './js-budget.ts';
import { type LighthouseResult, measureLighthouse } from './lighthouse.ts';
import { type BenchResults, formatReport } from './report.ts';
import { measureSearchLatency } from './search-latency.ts';
import { ensureBuild, killAllServers, repoRoot, type StartedServer } from './server-process.ts';
import { measureThroughput } from './ssr-load.ts';
import { measureStartup } from './startup.ts';

const durationS = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
const resultsFile = join(repoRoot, 'bench', 'results', 'latest.json');

async function main(): Promise<void> {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeDataDir); // also when interrupted
  let server: StartedServer | undefined;
  try {
    process.stdout.write(
      `Measuring start-up, JavaScript and ${5 * (durationS + 2) + 6} s of load and four Lighthouse runs (two of the floor)…\n\n`,
    );
    const startup = await measureStartup(dataDir);
    server = startup.server;
    const jsBeforeInteractive = await measureJsBudget(server.baseUrl);
    const throughput = await measureThroughput(server.baseUrl, jsBeforeInteractive.entry, durationS);
    const auth = await measureAuth(server.baseUrl, durationS);
    const eventPage = await measureEventPage(server.baseUrl, durationS);
    const faqPage = await measureFaqPage(server.baseUrl, durationS);
    const rssAfterLoadTestMb = server.rssMb();
    // The floor (bench/floor: React + react-router hydrating one heading, same server) beside Admit's pages,
    // alternating, so the ratios hold on a host of any speed.
    const floor = await startFloor();
    const lighthouse: LighthouseResult[] = [];
    const floorLighthouse: LighthouseResult[] = [];
    let floorJs: JsBudgetResult;
    try {
      for (const path of ['/', eventPage.path]) {
        lighthouse.push(measureLighthouse(server.baseUrl, path));
        floorLighthouse.push(measureLighthouse(floor.baseUrl, path));
      }
      floorJs = await measureJsBudget(floor.baseUrl);
    } finally {
      await floor.stop();
    }
    await server.stop();
    const search = await measureSearchLatency();
    const helpDesk = await measureHelpDesk();
    const dashboard = await measureDashboard();
    const dashboardLive = await measureDashboardLive();
    const checkins = await measureCheckins(durationS);
    const booking = await measureBooking(durationS);
    const doorDevice = await measureDoorDevice();
    const doorNavigation = await measureDoorNavigation();

    const results: BenchResults = {
      date: new Date().toISOString(),
      environment: {
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        durationS,
      },
      jsBeforeInteractive,
      throughput,
      auth,
      eventPage,
      faqPage,
      lighthouse,
      floor: { jsBeforeInteractive: floorJs, lighthouse: floorLighthouse },
      search,
      helpDesk,
      dashboard,
      dashboardLive,
      startup: startup.result,
      rssAfterLoadTestMb,
      checkins,
      doorDevice,
      doorNavigation,
      booking,
    };
    process.stdout.write(formatReport(results));
    mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\nWrote ${join('bench', 'results', 'latest.json')}\n`);
  } finally {
    await server?.stop();
    killAllServers();
    removeDataDir();
  }
}

main().catch((error: unknown) => {
  killAllServers();
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

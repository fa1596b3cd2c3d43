// `npm run bench:pages [runs]`: the JavaScript before interactive and the Lighthouse mobile score of / and an
// event page, several runs each against one fresh server. One Lighthouse run on a shared machine says little:
// the median and the lowest score of a few do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstEventPath } from './event-page.ts';
import { median } from './http-util.ts';
import { measureJsBudget } from './js-budget.ts';
import { type LighthouseResult, lighthouseGoal, measureLighthouse } from './lighthouse.ts';
import { admitServer, killAllServers, startServer } from './server-process.ts';

const runs = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 3;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-pages-'));
  const server = await startServer(admitServer(dataDir, 120_000));
  try {
    const paths = ['/', await firstEventPath(server.baseUrl)];
    for (const path of paths) {
      const js = await measureJsBudget(server.baseUrl, path);
      process.stdout.write(
        `JavaScript before interactive ${path}: ${js.totalGzipKb.toFixed(1)} KB gzip in ${js.files.length} files (goal <= ${js.goalKb} KB)\n`,
      );
    }
    const results = new Map<string, LighthouseResult[]>(paths.map((path) => [path, []]));
    // Alternating pages, so a burst of load on the machine does not fall on one page only.
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        let result: LighthouseResult;
        try {
          result = measureLighthouse(server.baseUrl, path);
        } catch (error) {
          // Lighthouse now and then loses a trace on a loaded machine: that run is reported, not counted.
          process.stdout.write(
            `Lighthouse failed  ${path}  ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`,
          );
          continue;
        }
        results.get(path)?.push(result);
        const metrics = Object.entries(result.metrics)
          .map(([id, value]) => `${id.replace(/-/g, ' ')} ${value}`)
          .join(', ');
        process.stdout.write(`Lighthouse ${result.score.toFixed(2)}  ${path}  ${metrics}\n`);
      }
    }
    for (const [path, scores] of results) {
      const values = scores.map((result) => result.score);
      if (values.length === 0) continue;
      process.stdout.write(
        `${path}: median ${median(values).toFixed(2)}, lowest ${Math.min(...values).toFixed(2)} of ${values.length} (goal >= ${lighthouseGoal})\n`,
      );
    }
  } finally {
    await server.stop();
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  killAllServers();
  process.stderr.write(`bench:pages failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

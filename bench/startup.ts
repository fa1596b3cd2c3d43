// Start-up: bare Node baseline, the first start on an empty DATA_DIR, then warm starts on the same database.
import { median } from './http-util.ts';
import { admitServer, bareNodeServer, type StartedServer, startServer } from './server-process.ts';

export interface StartupResult {
  bareNodeMs: { median: number; runs: number[] };
  firstStartMs: number;
  warmStartMs: { median: number; runs: number[] };
  warmOverBare: number;
  rssAfterFirstPageMb: number;
}

/** Leaves the last warm-started server running (returned as `server`) for the load test; the caller stops it. */
export async function measureStartup(dataDir: string, runs = 3): Promise<{ result: StartupResult; server: StartedServer }> {
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(bareNodeServer);
    bare.push(server.readyMs);
    await server.stop();
  }

  const first = await startServer(admitServer(dataDir, 120_000));
  const firstStartMs = first.readyMs;
  await first.stop();

  const warm: number[] = [];
  let server: StartedServer | undefined;
  for (let i = 0; i < runs; i++) {
    await server?.stop();
    server = await startServer(admitServer(dataDir));
    warm.push(server.readyMs);
  }
  if (!server) throw new Error('no warm start was measured');
  const rssAfterFirstPageMb = server.rssMb();

  const bareMedian = median(bare);
  const warmMedian = median(warm);
  return {
    result: {
      bareNodeMs: { median: bareMedian, runs: bare },
      firstStartMs,
      warmStartMs: { median: warmMedian, runs: warm },
      warmOverBare: warmMedian / bareMedian,
      rssAfterFirstPageMb,
    },
    server,
  };
}

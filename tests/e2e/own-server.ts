import { type ChildProcess, spawn } from 'node:child_process';
import { test } from './fixtures.ts';

const startBudgetMs = 90_000;

/** A second Admit server a test starts itself, beside the suite's (another configuration, another build). */
export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the built app (`dist/node/main.js`, as `npm start` runs it) as production on `port` with the embedded database in `dataDir` and
 * `env` on top (nothing else from the test's environment), and waits until it answers.
 */
export async function startOwnServer(options: {
  port: number;
  dataDir: string;
  host?: string;
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const origin = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  const server: ChildProcess = spawn(process.execPath, ['dist/node/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      OPTIMIZE_FOR: 'speed',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      // As the suite's own server (playwright.config.ts): this machine's stalls are not overload.
      OVERLOAD_SHEDDING: '0',
      // A visitor without cookies sees what the tests changed a moment ago, not a copy kept from another test (056).
      PAGE_KEEP_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A new database is migrated before the server answers; on a busy machine that takes a while, so the
  // start gets its own budget on top of the hook's or test's.
  test.info().setTimeout(test.info().timeout + startBudgetMs);
  const deadline = Date.now() + startBudgetMs;
  while ((await fetch(`${origin}/api/ready`).catch(() => null))?.status !== 200) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server stopped before it answered (${server.signalCode ?? `exit ${server.exitCode}`})`);
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within ${startBudgetMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async stop() {
      if (server.exitCode !== null) return;
      const closed = new Promise((resolve) => server.once('close', resolve));
      server.kill('SIGTERM');
      await closed;
    },
  };
}

// Builds the floor into bench/floor/dist (client, server, precompressed like Admit's build) in a few seconds, and
// serves it with Admit's own server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { admitServer, type StartedServer, startServer } from '../server-process.ts';

export const floorDir = import.meta.dirname;
export const floorDistDir = join(floorDir, 'dist');
const configFile = join(floorDir, 'vite.config.ts');

/** Builds client and server, then writes .br and .gz beside the client files with Admit's own script. */
export async function buildFloor(): Promise<string> {
  await build({ configFile });
  await build({ configFile, build: { ssr: 'src/entry-server.tsx' } });
  const precompress = spawnSync(
    process.execPath,
    [join(floorDir, '..', '..', 'build', 'precompress.ts'), join(floorDistDir, 'client')],
    { encoding: 'utf8' },
  );
  if (precompress.status !== 0) throw new Error(`precompressing the floor failed: ${precompress.stderr}`);
  return floorDistDir;
}

/**
 * Builds the floor and starts Admit's server (ssr/main.ts: same Fastify, compression, CSP and headers) on it, with
 * an empty database of its own (no demo data to seed); stopping it removes that database.
 */
export async function startFloor(): Promise<StartedServer & { buildMs: number }> {
  const startedAt = performance.now();
  await buildFloor();
  const buildMs = performance.now() - startedAt;
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-floor-'));
  try {
    const server = await startServer(admitServer(dataDir, 180_000, { DIST_DIR: floorDistDir, DEMO_DATA: '0' }));
    return {
      ...server,
      buildMs,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// Builds the floor into bench/floor/dist (client, server, precompressed like Admit's build) in a few seconds, and
// serves it with Admit's own server. The page floor (bench/floor/dist-page) is the same build with React Query and a
// page's own HTML from Admit: what the design's stack costs to show that page's content with none of Admit's code.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { admitServer, repoRoot, type StartedServer, startServer } from '../server-process.ts';

export const floorDir = import.meta.dirname;
export const floorDistDir = join(floorDir, 'dist');
export const pageFloorDistDir = join(floorDir, 'dist-page');
const configFile = join(floorDir, 'vite.config.ts');

export type FloorKind = 'floor' | 'page floor';

/** Builds client and server, then writes .br and .gz beside the client files with Admit's own script. */
export async function buildFloor(kind: FloorKind = 'floor'): Promise<string> {
  const outDir = kind === 'floor' ? floorDistDir : pageFloorDistDir;
  const inline = { configFile, define: { __PAGE_FLOOR__: JSON.stringify(kind === 'page floor') } };
  await build({ ...inline, build: { outDir: join(outDir, 'client') } });
  await build({ ...inline, build: { ssr: 'src/entry-server.tsx', outDir: join(outDir, 'server') } });
  const precompress = spawnSync(
    process.execPath,
    [join(floorDir, '..', '..', 'build', 'precompress.ts'), join(outDir, 'client')],
    { encoding: 'utf8' },
  );
  if (precompress.status !== 0) throw new Error(`precompressing the floor failed: ${precompress.stderr}`);
  return outDir;
}

/** What the page floor serves beside its build: the pages, and the Admit server's data they link images from. */
export interface PageFloorSource {
  /** The pages' content (bench/floor/page-content.ts). */
  pagesFile: string;
  /**
   * The data folder of the Admit server the pages came from: its uploads and the secret that signed their links
   * are copied, so the page floor serves the same covers at the same addresses. Admit's built icons come too.
   */
  admitDataDir: string;
}

/** The page floor's copy of what Admit's pages link to: uploads and link secret into its data, icons into its build. */
function copyAdmitImages(source: PageFloorSource, dataDir: string, distDir: string): void {
  for (const name of ['uploads', 'jwt-secret']) {
    const from = join(source.admitDataDir, name);
    if (existsSync(from)) cpSync(from, join(dataDir, name), { recursive: true });
  }
  cpSync(join(repoRoot, 'dist', 'client', 'icons'), join(distDir, 'client', 'icons'), { recursive: true });
}

/**
 * Builds the floor and starts Admit's server (ssr/main.ts: same Fastify, compression, CSP and headers) on it, with
 * an empty database of its own (no demo data to seed); stopping it removes that database. The page floor serves
 * the pages `source` names, with their images.
 */
export async function startFloor(
  kind: FloorKind = 'floor',
  source?: PageFloorSource,
): Promise<StartedServer & { buildMs: number }> {
  const startedAt = performance.now();
  const distDir = await buildFloor(kind);
  const buildMs = performance.now() - startedAt;
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-floor-'));
  try {
    if (source) copyAdmitImages(source, dataDir, distDir);
    const env: Record<string, string> = {
      DIST_DIR: distDir,
      DEMO_DATA: '0',
      ...(source ? { FLOOR_PAGES: source.pagesFile } : {}),
    };
    const server = await startServer(admitServer(dataDir, 180_000, env));
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

// Builds the floor into bench/floor/dist (client, server, precompressed like Admit's build) in a few seconds.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'vite';

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

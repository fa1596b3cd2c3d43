// `npm start`: builds once when there is no build, then runs the built server (dist/node/main.js) in production mode.
// Plain JavaScript, so Node strips no TypeScript to run it; the compile cache keeps what the launcher itself loads.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';

module.enableCompileCache?.();
const [{ hasBuild }, { memoryFlag, optimizeForOf }] = await Promise.all([
  import('./build-paths.ts'),
  import('../server/deployment.ts'),
]);
const serverBundle = join(import.meta.dirname, '..', 'dist', 'node', 'main.js');
if (!hasBuild() || !existsSync(serverBundle)) {
  process.stdout.write('No build found; building Admit once (about a minute)…\n');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
if (optimizeForOf(process.env) === 'memory' && process.execve) {
  // V8 takes the flag at its start, when it also sizes the heap, and the server should hold nothing of this
  // launcher: this process becomes the server itself (same id, same terminal) (decision 065).
  process.execve(process.execPath, [process.execPath, memoryFlag, ...process.execArgv, serverBundle]);
}
await import(serverBundle);

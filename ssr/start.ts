// `npm start`: builds once when there is no build, then runs the server in production mode.
import { spawnSync } from 'node:child_process';
import { hasBuild } from './web-app.ts';

if (!hasBuild()) {
  process.stdout.write('No build found; building Admit once (about a minute)…\n');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('./main.ts');

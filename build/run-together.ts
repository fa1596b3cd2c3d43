// Runs npm scripts side by side and fails when any of them fails: `node build/run-together.ts typecheck lint build`.
// The type checker works on one core for a minute or more; the linter and the build fill the other meanwhile. Each
// script's output is printed whole when it ends, so the log reads as if they had run one after another.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('Name the npm scripts to run, e.g. node build/run-together.ts typecheck lint\n');
  process.exit(2);
}

const npm = process.env.npm_execpath;

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = performance.now();
  // Under npm, its own CLI runs with this Node; by hand, the npm on the PATH.
  const [command, args] = npm ? [process.execPath, [npm, 'run', '--silent', script]] : ['npm', ['run', '--silent', script]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8'), seconds });
    });
  });
}

let failed = 0;
await Promise.all(
  scripts.map(async (script) => {
    const result = await run(script);
    const verdict = result.code === 0 ? 'passed' : `failed (exit ${result.code})`;
    process.stdout.write(`\n> ${script}: ${verdict} in ${result.seconds.toFixed(1)} s\n${result.output}`);
    if (result.code !== 0) failed += 1;
  }),
);
process.exit(failed > 0 ? 1 : 0);

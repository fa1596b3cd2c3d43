import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A process serving as the entries do, which leaves a rejected promise unhandled once it listens, then says so.
const script = `
import Fastify from 'fastify';
import { serve } from './server/lib/serve.ts';
const app = Fastify({ logger: { level: 'error' } });
app.get('/', async () => 'ok');
const address = await serve(app, 0, '127.0.0.1', async () => {});
Promise.reject(Object.assign(new Error('a forgotten promise'), { accessToken: 'secret-token-value' }));
setTimeout(async () => {
  const answer = await fetch(address);
  console.log(JSON.stringify({ alive: true, status: answer.status }));
}, 100);
`;

describe('serve', () => {
  it('logs a promise left failing, without what it carried, and goes on serving until asked to stop', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from the process: ${output}`)), 15_000);
      child.stdout.on('data', () => {
        if (output.includes('"alive":true')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the process ended with ${code}: ${output}`));
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"status":200');
    expect(output).toContain('unhandled promise rejection');
    expect(output).toContain('a forgotten promise');
    expect(output).not.toContain('secret-token-value');
  });
});

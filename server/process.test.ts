import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../tests/fixtures/free-port.ts';

const entry = join(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the API process', () => {
  it('refuses to start with invalid configuration and names the variable', async () => {
    const { exited, output } = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-proc-')) });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT');
  });

  it('serves, then finishes and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-proc-')) });
    // A first start migrates and seeds the demo data: allow for a slow, busy machine.
    let ready = false;
    for (let attempt = 0; attempt < 450 && !ready; attempt += 1) {
      ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltFiles } from './built-files.ts';
import { registerPageErrorAnswers } from './page-errors.ts';

let parent: string;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'admit-built-'));
  dir = join(parent, 'client');
  mkdirSync(dir);
  writeFileSync(join(parent, 'config.env'), 'secret=outside the build');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'assets', 'home-abc123.js'), 'export const home = 1;');
  writeFileSync(join(dir, 'assets', 'home-abc123.js.br'), 'compressed bytes');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Admit"}');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"secret":"layout"}');
  app = Fastify();
  registerPageErrorAnswers(app);
  await serveBuiltFiles(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('the built files', () => {
  it('serves a hashed bundle for a year, compressed when the browser takes it', async () => {
    const plain = await app.inject({ url: '/assets/home-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('export const home = 1;');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await app.inject({ url: '/assets/home-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('compressed bytes');
  });

  it('never lets the service worker be kept, and keeps the other files an hour', async () => {
    expect((await app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a bundle that is not in this build and the build manifest with 404', async () => {
    for (const url of ['/assets/gone-999.js', '/.vite/manifest.json']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('secret');
    }
  });

  it('never serves a file outside the build', async () => {
    for (const url of ['/assets/../../config.env', '/assets/%2e%2e/%2e%2e/config.env', '/%2e%2e/config.env', '/../config.env']) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).not.toBe(200);
      expect(answer.body, url).not.toContain('secret');
    }
  });

  it('answers a file address sent to with 405', async () => {
    expect((await app.inject({ method: 'POST', url: '/assets/home-abc123.js' })).statusCode).toBe(405);
  });
});

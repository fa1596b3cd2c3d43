import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createServer, requestLimits } from '../../server/lib/server-options.ts';
import { shedOverload } from '../../server/plugins/overload.ts';
import type { RenderAssets, RenderOptions, RenderResult } from '../../src/entry-server.tsx';
import { busyPage } from '../../ssr/busy-page.ts';
import { createWebApp } from '../../ssr/web-app.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database.ts';

/** Pages the way the renderer writes them: the boot script with the response's nonce; `/events` is a public page. */
let holdRenders: Promise<void> = Promise.resolve();
let renders = 0;
async function fakeRender(options: RenderOptions): Promise<RenderResult> {
  renders += 1;
  await holdRenders;
  const path = new URL(options.request.url).pathname;
  const html = `<!doctype html><html><head></head><body><h1>${path}</h1><script nonce="${options.nonce}">window.__boot={}</script></body></html>`;
  return {
    kind: 'html',
    status: 200,
    keepable: path === '/events',
    pipe: (destination) => destination.end(html),
    abort: () => {},
  };
}
const assets: RenderAssets = { entry: '/e.js', css: [], cssText: () => undefined, chunksFor: () => [], pageFiles: () => ({}) };

let database: TestDatabase;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEPLOYMENT: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-web-')),
    // The render bound alone: a busy test machine must not be refused by its event-loop lag.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '10000',
    PAGE_RENDERS_AT_ONCE: '1',
    PAGE_RENDER_QUEUE: '0',
  });
  const limits = { ...requestLimits, bodyMs: 300, checkEveryMs: 50 };
  app = await createWebApp(config, database.db, { limits, load: async () => ({ render: fakeRender, assets }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  // The load sampler's first samples cover the start, when the loop was blocked: measured again once it is idle.
  await new Promise((resolve) => setTimeout(resolve, 800));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('what a proxy in front may keep', () => {
  it('a public page asked for without cookies is public for proxies, always asked again by browsers, with script hashes instead of a nonce', async () => {
    const answer = await app.inject({ method: 'GET', url: '/events' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(String(answer.headers.vary)).toMatch(/cookie/i);
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(answer.headers['content-security-policy']).not.toContain('nonce-');
    expect(answer.body).not.toContain('nonce=');
  });

  it('the same page for a signed-in visitor stays private to their browser, with its own nonce', async () => {
    const answer = await app.inject({ method: 'GET', url: '/events', headers: { cookie: 'accessToken=abc; u=1' } });
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['content-security-policy']).toMatch(/'nonce-[\w+/=]+'/);
    expect(String(answer.headers.vary)).toMatch(/cookie/i);
  });

  it('a page that is not public (an account, a payment) is private even without cookies', async () => {
    const answer = await app.inject({ method: 'GET', url: '/account' });
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['content-security-policy']).toContain("'nonce-");
  });
});

describe('more pages at once than the server renders', () => {
  it('are refused at once with a short page that tries again, while liveness still answers', async () => {
    let finish = () => {};
    holdRenders = new Promise((resolve) => {
      finish = resolve;
    });
    // Addresses of their own: a copy of `/events` kept from another test would be answered without a render.
    const held = fetch(`http://127.0.0.1:${port}/events?held`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const refused = await fetch(`http://127.0.0.1:${port}/events?again`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const body = await refused.text();
    expect(body).toContain('Admit is very busy right now');
    expect(body).toContain('<meta http-equiv="refresh" content="5">');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    finish();
    holdRenders = Promise.resolve();
    expect((await held).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/events?after`)).status).toBe(200);
  });

  it('except a public page asked for by many without cookies: one render answers them all, none refused (decision 056)', async () => {
    let finish = () => {};
    holdRenders = new Promise((resolve) => {
      finish = resolve;
    });
    const before = renders;
    const burst = Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/events?burst`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    finish();
    holdRenders = Promise.resolve();
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect(renders - before).toBe(1);
    expect(answers.every((answer) => answer.headers.get('content-security-policy')?.includes("'sha256-"))).toBe(true);
  });
});

/** Writes the head and part of a body, then waits for the server to answer and close. */
function unfinishedBody(path: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: admit.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
    );
  });
}

describe('a page address', () => {
  it('answers a body that never finishes, once its time is up, with the short HTML page, not JSON, and closes the connection', async () => {
    const started = Date.now();
    const answer = await unfinishedBody('/events');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer.status).toBe(408);
    expect(answer.head).toMatch(/content-type: text\/html/i);
    expect(answer.head).toMatch(/connection: close/i);
    expect(answer.body).toContain('The request took too long to arrive. Please try again.');
  });

  it('answers a method pages do not take with 405, Allow and the short HTML page', async () => {
    const answer = await app.inject({ method: 'POST', url: '/events', payload: {} });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.headers['content-type']).toMatch(/text\/html/);
  });

  it('under the API keeps the envelope', async () => {
    const answer = await unfinishedBody('/api/auth/signIn');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ httpStatus: 'REQUEST_TIMEOUT' });
  });
});

describe('a server under pressure', () => {
  it('does not count the lag of its own start as overload, only lag once it has started', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DEPLOYMENT: 'local', DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-web-')) });
    const starting = createServer(config);
    let started = () => {};
    const start = new Promise<void>((resolve) => {
      started = resolve;
    });
    const settings = { enabled: true, maxEventLoopDelayMs: 20, maxEventLoopUtilization: 1, maxHeapUsedBytes: 1e12 };
    await shedOverload(starting, settings, '/api', busyPage, start);
    starting.get('/events', async () => ({ ok: true }));
    await starting.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(starting.server.address() as { port: number }).port}/events`;
    /** Keeps the event loop lagging (100 ms tasks, as loading every page's code at start does) while a page is asked. */
    const askWhileLagging = async () => {
      let lagging = true;
      const lag = (async () => {
        while (lagging) {
          const until = Date.now() + 100;
          while (Date.now() < until) {}
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 800));
      const status = (await fetch(url)).status;
      lagging = false;
      await lag;
      return status;
    };
    try {
      expect(await askWhileLagging()).toBe(200);
      started();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await askWhileLagging()).toBe(503);
    } finally {
      await starting.close();
    }
  });

  it('refuses pages with the short page and the API with the envelope, and still answers liveness, readiness and its own pages’ calls', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DEPLOYMENT: 'local', DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-web-')) });
    const pressed = createServer(config);
    // A heap limit of one byte: the first sample finds the server over it.
    await shedOverload(
      pressed,
      { enabled: true, maxEventLoopDelayMs: 10_000, maxEventLoopUtilization: 1, maxHeapUsedBytes: 1 },
      '/api',
      busyPage,
    );
    for (const url of ['/api/health', '/api/ready', '/api/events', '/events']) pressed.get(url, async () => ({ ok: true }));
    await pressed.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(pressed.server.address() as { port: number }).port}`;
      await new Promise((resolve) => setTimeout(resolve, 400));
      const api = await fetch(`${base}/api/events`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toEqual({ httpStatus: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/very busy/) });
      const page = await fetch(`${base}/events`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Admit is very busy right now');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      expect((await pressed.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    } finally {
      await pressed.close();
    }
  });
});

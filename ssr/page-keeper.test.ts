import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageKeeper, type PageKeeperSettings } from './page-keeper.ts';

/** A page route the way the renderer answers: shared pages reported to the keeper, private ones not. */
function pageApp(settings: PageKeeperSettings, clock: { now: number }) {
  const keeper = createPageKeeper(settings, () => clock.now);
  const app = Fastify();
  const state = { renders: 0, hold: Promise.resolve() as Promise<void> };
  app.get(
    '*',
    keeper.wrap(async (request, reply) => {
      state.renders += 1;
      const rendered = state.renders;
      await state.hold;
      const html = `<html><body>${request.url} render ${rendered}${'.'.repeat(2000)}</body></html>`;
      if (request.url.startsWith('/private') || request.headers.cookie) {
        return reply.header('Cache-Control', 'private, no-cache').type('text/html').send(html);
      }
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, s-maxage=60', Vary: 'Cookie' };
      keeper.rendered(request, { status: 200, html, headers });
      return reply.headers(headers).send(html);
    }),
  );
  return { app, keeper, state };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

const holding = (state: { hold: Promise<void> }) => {
  let release = () => {};
  state.hold = new Promise((resolve) => {
    release = resolve;
  });
  return () => {
    state.hold = Promise.resolve();
    release();
  };
};

describe('the instance keeps public pages for a few seconds', () => {
  it('answers visitors who ask while a page is rendered with that render, and later ones with the copy until it is old', async () => {
    const clock = { now: 0 };
    const page = pageApp({ seconds: 2, maxPages: 10 }, clock);
    app = page.app;
    const release = holding(page.state);
    const burst = Array.from({ length: 25 }, () => page.app.inject({ method: 'GET', url: '/events' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const answers = await Promise.all(burst);
    expect(page.state.renders).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(
      answers.every((answer) => answer.statusCode === 200 && answer.headers['cache-control'] === 'public, s-maxage=60'),
    ).toBe(true);
    clock.now = 1_999;
    expect((await page.app.inject({ method: 'GET', url: '/events' })).body).toContain('render 1');
    clock.now = 2_000;
    expect((await page.app.inject({ method: 'GET', url: '/events' })).body).toContain('render 2');
  });

  it('never answers a visitor carrying a cookie with a copy, nor keeps their page', async () => {
    const page = pageApp({ seconds: 2, maxPages: 10 }, { now: 0 });
    app = page.app;
    await page.app.inject({ method: 'GET', url: '/events' });
    const signedIn = await page.app.inject({ method: 'GET', url: '/events', headers: { cookie: 'accessToken=a' } });
    expect(signedIn.body).toContain('render 2');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect((await page.app.inject({ method: 'GET', url: '/events' })).body).toContain('render 1');
  });

  it('lets each visitor of a page that could not be shared have a render of their own', async () => {
    const page = pageApp({ seconds: 2, maxPages: 10 }, { now: 0 });
    app = page.app;
    const release = holding(page.state);
    const burst = Array.from({ length: 3 }, () => page.app.inject({ method: 'GET', url: '/private' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const bodies = (await Promise.all(burst)).map((answer) => answer.body);
    expect(page.state.renders).toBe(3);
    expect(new Set(bodies).size).toBe(3);
    // Once known not to be shareable, visitors no longer wait for one another.
    await page.app.inject({ method: 'GET', url: '/private' });
    expect(page.state.renders).toBe(4);
  });

  it('keeps no more pages than its bound, however many addresses are asked for', async () => {
    const page = pageApp({ seconds: 60, maxPages: 3 }, { now: 0 });
    app = page.app;
    for (let index = 0; index < 10; index += 1) await page.app.inject({ method: 'GET', url: `/events?page=${index}` });
    expect(page.keeper.size).toBe(3);
    await page.app.inject({ method: 'GET', url: '/events?page=9' });
    expect(page.state.renders).toBe(10);
    await page.app.inject({ method: 'GET', url: '/events?page=0' });
    expect(page.state.renders).toBe(11);
  });

  it('hands the copy compressed as the browser accepts, compressing it once', async () => {
    const page = pageApp({ seconds: 2, maxPages: 10 }, { now: 0 });
    app = page.app;
    const first = await page.app.inject({ method: 'GET', url: '/events' });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await page.app.inject({
        method: 'GET',
        url: '/events',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(decode(answer.rawPayload).toString('utf8')).toBe(first.body);
      expect(answer.rawPayload.length).toBeLessThan(first.body.length / 4);
    }
    expect(page.state.renders).toBe(1);
  });

  it('with no seconds to keep, renders every request', async () => {
    const page = pageApp({ seconds: 0, maxPages: 10 }, { now: 0 });
    app = page.app;
    await page.app.inject({ method: 'GET', url: '/events' });
    await page.app.inject({ method: 'GET', url: '/events' });
    expect(page.state.renders).toBe(2);
  });
});

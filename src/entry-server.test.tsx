import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app/errors/app-error-boundary.tsx';
import { startAfterPaintScript } from './app/start-after-paint.ts';
import { type RenderOptions, render } from './entry-server.tsx';

const EmptyPage = () => null;
const assets = {
  entry: '/assets/entry.js',
  css: ['/assets/app.css'],
  cssText: () => undefined,
  chunksFor: () => ['/assets/page.js'],
  pageFiles: (keys: string[]) => Object.fromEntries(keys.map((key) => [key, '/assets/page.js'])),
};
const config = {
  apiBase: '/api',
  appUrl: null,
  awsRegion: null,
  identityPoolId: null,
  bucket: null,
  s3Endpoint: null,
  cognitoEndpoint: null,
  storageDriver: 'local' as const,
  devMailbox: false,
  mapsApiKey: null,
  allowedExternalOrigins: [],
};

async function renderToText(path: string, extra: Partial<RenderOptions> = {}) {
  const onError = vi.fn();
  const result = await render({
    request: new Request(`http://admit.test${path}`),
    nonce: 'test-nonce',
    state: { config, origin: 'http://admit.test' },
    assets,
    cookies: {},
    apiInject: async () => ({ statusCode: 404, body: JSON.stringify({ httpStatus: 'NOT_FOUND', message: 'none' }) }),
    onError,
    ...extra,
  });
  if (result.kind !== 'html') return { status: result.status, html: '', keepable: false, onError };
  let html = '';
  await new Promise<void>((resolve) => {
    result.pipe(
      new Writable({
        write(chunk, _encoding, callback) {
          html += chunk.toString();
          callback();
        },
        final(callback) {
          resolve();
          callback();
        },
      }),
    );
  });
  return { status: result.status, html, keepable: result.keepable, onError };
}

/** A signed-in visitor's cookies: an access token for a week, an account id and an email. */
function signedInCookies(org: string | null = null) {
  const payload = Buffer.from(JSON.stringify({ sub: 'user-1', org })).toString('base64url');
  return {
    accessToken: `e30.${payload}.signature`,
    tokenExpiry: String(Math.floor(Date.now() / 1000) + 7 * 24 * 3600),
    u: 'user-1',
    email: 'pia.private@example.test',
  };
}

describe('the app shell and kept pages', () => {
  it('renders the app shell with no page, no data and nothing of the visitor, for the browser to render the page', async () => {
    const { status, html, keepable } = await renderToText('/app-shell', { cookies: signedInCookies() });
    expect(status).toBe(200);
    expect(keepable).toBe(false);
    expect(html).toContain('"shell":true');
    expect(html).toContain('"dehydrated":null');
    expect(html).toContain('Opening Admit…');
    expect(html).not.toContain('pia.private');
    expect(html).not.toContain('__staticRouterHydrationData');
    // The device page the shell stands in for is named to the browser from the address, by the inline script.
    expect(html).toContain('"src/app/routes/door/organiser-scan-ticket.tsx":"/assets/page.js"');
    for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script).toContain('nonce="test-nonce"');
  });

  it('marks public pages as keepable on the device, and never a guarded page or a missing one', async () => {
    expect((await renderToText('/')).keepable).toBe(true);
    expect((await renderToText('/about-us')).keepable).toBe(true);
    expect((await renderToText('/events/music')).keepable).toBe(true);
    expect((await renderToText('/find-events', { cookies: signedInCookies() })).keepable).toBe(false);
    expect((await renderToText('/sign-in')).keepable).toBe(false);
    expect((await renderToText('/nowhere')).keepable).toBe(false);
  });
});

describe('server rendering', () => {
  it('renders a page with its title, the nonce on every script and the escaped boot state', async () => {
    const { status, html } = await renderToText('/');
    expect(status).toBe(200);
    expect(html).toContain('<title>Admit</title>');
    expect(html).toContain('Tickets for what’s on');
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain('nonce="test-nonce"');
    // Its code is asked for by the boot script once the page has painted (decision 079): no tag asks for it sooner.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    const start = /\}\)\((\{"entry":[^;]*)\);/.exec(html)?.[1] ?? '';
    expect(JSON.parse(start)).toEqual({ entry: '/assets/entry.js', modules: expect.arrayContaining(['/assets/page.js']) });
    expect(html).toContain(startAfterPaintScript(JSON.parse(start)));
  });

  it('names the chunk of the page it rendered, so the browser loads it without the map of every page', async () => {
    const { html } = await renderToText('/about-us');
    expect(html).toContain('"pages":{"src/app/routes/public/about-us.tsx":"/assets/page.js"}');
  });

  it('names the routes it matched, for the browser to load their code by id before hydrating', async () => {
    expect((await renderToText('/about-us')).html).toContain('"routeIds":["root","public/about-us"]');
    expect((await renderToText('/no-such-page')).html).toContain('"routeIds":["root","not-found"]');
    expect((await renderToText('/app-shell')).html).not.toContain('"routeIds"');
  });

  it('preloads the layout a page is framed in when that layout loads apart, the shell’s device pages too', async () => {
    const asked: string[][] = [];
    const tracking = {
      ...assets,
      chunksFor: (keys: string[]) => {
        asked.push(keys);
        return ['/assets/page.js'];
      },
    };
    await renderToText('/sign-in', { assets: tracking });
    expect(asked.at(-1)).toEqual(['src/app/routes/public/sign-in.tsx', 'src/app/layouts/auth-layout.tsx']);
    // The public pages' layouts come with the app: nothing more to fetch.
    await renderToText('/about-us', { assets: tracking });
    expect(asked.at(-1)).toEqual(['src/app/routes/public/about-us.tsx']);
    await renderToText('/app-shell', { assets: tracking });
    expect(asked).toContainEqual(['src/app/routes/door/validate-ticket-scan.tsx', 'src/app/layouts/validate-ticket-layout.tsx']);
    expect(asked).toContainEqual(['src/app/routes/account/account-bookings.tsx', 'src/app/layouts/area-layouts.tsx']);
    // The shell's own start (its renderer, the kept queries) is fetched with the entry, not asked for after it runs.
    const shellStart = asked.find((keys) => keys.includes('src/app/shell-render.tsx')) ?? [];
    expect(shellStart).toEqual(['src/app/shell-render.tsx', 'src/lib/query-persistence.ts']);
    for (const key of shellStart) expect(existsSync(key)).toBe(true);
  });

  it('asks for the stylesheet before any script when it only has its address (development)', async () => {
    const { html } = await renderToText('/');
    const stylesheet = html.indexOf('rel="stylesheet"');
    expect(stylesheet).toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(html.indexOf('<script'));
    expect(html).not.toContain('<style');
  });

  it('writes a built stylesheet into the head, before any script, and tells the browser it did', async () => {
    const css = '.card>p{color:#123456}';
    const inlined = { ...assets, cssText: (href: string) => (href === '/assets/app.css' ? css : undefined) };
    for (const path of ['/', '/app-shell']) {
      const { html } = await renderToText(path, { assets: inlined });
      const style = html.indexOf(`<style data-precedence="default" data-href="/assets/app.css">${css}</style>`);
      expect(style, path).toBeGreaterThan(0);
      if (path === '/app-shell') expect(style, path).toBeLessThan(html.indexOf('rel="modulepreload"'));
      expect(style, path).toBeLessThan(html.indexOf('<script'));
      expect(html, path).not.toContain('rel="stylesheet"');
      // The boot state carries the flag, never the text: the browser adopts the element the server wrote.
      expect(html, path).toContain('"cssInline":true');
      expect(html.split(css)).toHaveLength(2);
    }
  });

  it('writes a page’s own sheet into it when the build made one, and the whole one into any other page and the shell', async () => {
    const whole = '.whole{color:#111111}';
    const homeOnly = '.home{color:#222222}';
    const texts: Record<string, string> = { '/assets/app.css': whole, '/assets/home.css': homeOnly };
    const withPageCss = {
      ...assets,
      pageCss: { 'src/app/routes/public/home.tsx': '/assets/home.css' },
      cssText: (href: string) => texts[href],
    };
    const { html } = await renderToText('/', { assets: withPageCss });
    expect(html).toContain(`<style data-precedence="default" data-href="/assets/home.css">${homeOnly}</style>`);
    expect(html).not.toContain(whole);
    expect(html).not.toContain('rel="stylesheet"');
    // The browser learns where the whole sheet is, for the first other page it opens.
    expect(html).toContain(
      '"css":["/assets/home.css"],"cssInline":true,"whole":{"href":"/assets/app.css","pages":["src/app/routes/public/home.tsx"]}',
    );
    for (const path of ['/faqs/general', '/nowhere', '/app-shell']) {
      const { html: other } = await renderToText(path, { assets: withPageCss });
      expect(other, path).toContain(`<style data-precedence="default" data-href="/assets/app.css">${whole}</style>`);
      expect(other, path).not.toContain(homeOnly);
      expect(other, path).not.toContain('"whole"');
    }
  });

  it('answers an unknown path with 404 and the path in the message', async () => {
    const { status, html } = await renderToText('/nowhere?x=1');
    expect(status).toBe(404);
    expect(html).toContain('Page Not Found <!-- -->/nowhere?x=1');
  });

  it('answers a failing loader with 500 and the full-page error, without internals', async () => {
    const routes = [
      {
        path: '/',
        loader: () => {
          throw new Error('database password is hunter2');
        },
        Component: EmptyPage,
        errorElement: <AppErrorBoundary />,
      },
    ];
    const { status, html, onError } = await renderToText('/', { routes });
    expect(status).toBe(500);
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('hunter2');
    expect(onError).toHaveBeenCalled();
  });

  it('answers a malformed event address in the organiser area with 404 and leaves no promise unhandled', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // The organisation's profile answers after the page is done: the request must not leave it behind failing.
      const slowApi: RenderOptions['apiInject'] = () =>
        new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200, body: '{"data":{}}' }), 30));
      for (const path of ['/organizer/events/not-a-uuid', '/organizer/events/NEW', '/organizer/events/%20']) {
        const { status } = await renderToText(path, { cookies: signedInCookies('org-1'), apiInject: slowApi });
        expect(status, path).toBe(404);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('passes a redirect from a loader on as a redirect', async () => {
    const routes = [{ path: '/', loader: () => new Response(null, { status: 302, headers: { Location: '/sign-in' } }) }];
    const result = await render({
      request: new Request('http://admit.test/'),
      nonce: 'n',
      state: { config, origin: 'http://admit.test' },
      assets,
      cookies: {},
      apiInject: async () => ({ statusCode: 404, body: JSON.stringify({ httpStatus: 'NOT_FOUND', message: 'none' }) }),
      onError: () => {},
      routes,
    });
    expect(result).toEqual({ kind: 'redirect', status: 302, location: '/sign-in' });
  });

  it('redirects a signed-out visitor from a guarded page to sign-in with the page to return to', async () => {
    const result = await render({
      request: new Request('http://admit.test/account'),
      nonce: 'n',
      state: { config, origin: 'http://admit.test' },
      assets,
      cookies: {},
      apiInject: async () => ({ statusCode: 404, body: JSON.stringify({ httpStatus: 'NOT_FOUND', message: 'none' }) }),
      onError: () => {},
    });
    expect(result).toEqual({ kind: 'redirect', status: 302, location: '/sign-in?redirect=%2Faccount' });
  });
});

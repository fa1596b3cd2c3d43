import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig } from '../src/contract/public-config.ts';
import type { RenderAssets, render as renderPage } from '../src/entry-server.tsx';
import { appShellPath, keepableHeader } from '../src/lib/app-shell.ts';
import { parseCookieHeader } from '../src/lib/session/route-session.ts';
import { contentSecurityPolicy, createNonce } from './content-security-policy.ts';
import type { PageKeeper } from './page-keeper.ts';
import {
  hashInlineScripts,
  mayShare,
  type PageCacheSettings,
  privatePage,
  readWhole,
  sharedCacheControl,
} from './shared-page.ts';

export interface PageRendererOptions {
  /** The Fastify app whose API answers loaders in-process. */
  app: {
    inject: (options: {
      method: string;
      url: string;
      payload?: unknown;
      headers: Record<string, string>;
      remoteAddress?: string;
    }) => Promise<{ statusCode: number; body: string }>;
  };
  publicConfig: PublicConfig;
  /** Fixed public origin; else taken from each request. */
  appUrl: string | undefined;
  dev: boolean;
  /** How long a proxy in front may keep a public page for signed-out visitors. */
  pageCache: PageCacheSettings;
  /** Keeps the shared pages rendered, so that a burst for one costs one render (decision 056). */
  keeper?: Pick<PageKeeper, 'rendered'>;
  /** The server bundle's render and the assets it links, loaded per request in development. */
  load(url: string): Promise<{ render: typeof renderPage; assets: RenderAssets; devHead?: string }>;
}

const serverErrorPage = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong · Admit</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc"><main style="max-width:28rem;padding:2rem;text-align:center"><h1>Something went wrong</h1><p>An unexpected error stopped this page. Please try again.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;

function webRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(request.url, origin), { method: 'GET', headers });
}

/** Renders one page with streaming SSR, its own nonce and CSP, and the right status. */
export function createPageRenderer(options: PageRendererOptions) {
  const { storageDriver, s3Endpoint, cognitoEndpoint } = options.publicConfig;
  // The browser talks to S3 and Cognito itself on `aws`: AWS's hosts, or the configured endpoints.
  const storageOrigins = [s3Endpoint, cognitoEndpoint].flatMap((endpoint) => (endpoint ? [new URL(endpoint).origin] : []));
  const connectSources = storageDriver === 'aws' ? ['https://*.amazonaws.com', ...storageOrigins] : [];

  return async function renderPageReply(request: FastifyRequest, reply: FastifyReply) {
    const origin = options.appUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    const nonce = createNonce();
    const { render, assets, devHead } = await options.load(request.url);
    // The shell is the same for everyone: rendered without the visitor's cookies, so it holds nothing of them.
    const shell = request.url.split('?')[0] === appShellPath;
    const cspOptions = { dev: options.dev, connectSources, maps: Boolean(options.publicConfig.mapsApiKey) };
    try {
      const result = await render({
        request: webRequest(request, origin),
        nonce,
        state: { config: options.publicConfig, origin, ...(devHead ? { devHead } : {}) },
        assets,
        cookies: shell ? {} : parseCookieHeader(request.headers.cookie),
        apiInject: ({ method, url, payload, headers }) =>
          options.app.inject({ method, url, headers, remoteAddress: request.ip, ...(payload === undefined ? {} : { payload }) }),
        onError: (error) => request.log.error({ err: error }, 'page render error'),
      });
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      if (result.keepable) reply.header(keepableHeader, '1');
      // Vary: the same address answers a signed-in visitor with their own page, which no shared copy may stand for.
      reply.header('Vary', 'Cookie');
      const shared =
        !options.dev &&
        !reply.hasHeader('set-cookie') &&
        mayShare({ keepable: result.keepable, cookieHeader: request.headers.cookie }, options.pageCache);
      if (shared) {
        const page = hashInlineScripts(await readWhole(result.pipe), nonce);
        const headers = {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': contentSecurityPolicy({ hashes: page.hashes }, cspOptions),
          'Cache-Control': sharedCacheControl(options.pageCache),
          Vary: 'Cookie',
          [keepableHeader]: '1',
        };
        options.keeper?.rendered(request, { status: result.status, html: page.html, headers });
        return reply.code(result.status).headers(headers).send(page.html);
      }
      const body = new PassThrough();
      result.pipe(body);
      request.raw.once('close', () => result.abort());
      return reply
        .code(result.status)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', contentSecurityPolicy(nonce, cspOptions))
        .header('Cache-Control', privatePage)
        .send(body);
    } catch (error) {
      request.log.error({ err: error }, 'page shell failed');
      return reply
        .code(500)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(serverErrorPage);
    }
  };
}

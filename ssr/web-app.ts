import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { apiPlugin } from '../server/app.ts';
import type { Config } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import { apiBaseOf, createServer, type RequestLimits, requestLimits } from '../server/lib/server-options.ts';
import { shedOverload } from '../server/plugins/overload.ts';
import type { render as renderPage } from '../src/entry-server.tsx';
import { clientDir, hasBuild, serverEntry } from './build-paths.ts';
import { serveBuiltFiles } from './built-files.ts';
import { busyPage, gatePageRenders } from './busy-page.ts';
import { assetsFromManifest } from './client-assets.ts';
import { registerPageErrorAnswers } from './page-errors.ts';
import { createPageKeeper } from './page-keeper.ts';
import { createPageRenderer, type PageRendererOptions } from './page-renderer.ts';
import { createRenderGate } from './render-gate.ts';

export interface WebAppOptions {
  dev?: boolean;
  limits?: RequestLimits;
  /** Renders pages with this instead of the build (tests of the web tier's own answers). */
  load?: PageRendererOptions['load'];
}

/** One Fastify app: the API under its base, the built client assets and server-rendered pages. */
export async function createWebApp(config: Config, db: Db, options: WebAppOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, options.limits ?? requestLimits);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await app.register(fastifyHelmet, {
    // Pages set their own CSP with a per-response nonce; API answers are JSON.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction,
  });
  // Loading every page's code once the server listens holds the event loop for a while: that is not overload.
  let pagesLoaded: () => void = () => {};
  const started = options.dev || options.load ? Promise.resolve() : new Promise<void>((resolve) => (pagesLoaded = resolve));
  await shedOverload(app, config.overload, apiBaseOf(config), busyPage, started);
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  registerPageErrorAnswers(app);
  await app.register(apiPlugin, { config, db, prefix: apiBaseOf(config) });
  // Pages rendered at once are bounded (decision 051); with shedding off, every page is rendered however many wait.
  // A kept copy of a public page, or the render of it already under way, answers before any place is taken (056).
  const keeper = createPageKeeper(options.dev ? { ...config.pageKeep, seconds: 0 } : config.pageKeep);
  const bounded = config.overload.enabled ? gatePageRenders(createRenderGate(config.pageRenders)) : <T>(handler: T) => handler;
  const gated: typeof bounded = (handler) => keeper.wrap(bounded(handler));
  const pageOptions = { app, publicConfig: config.publicConfig, appUrl: config.appUrl, pageCache: config.pageCache, keeper };

  if (options.dev) {
    const { attachVite } = await import('./dev-server.ts');
    const load = await attachVite(app, config.dataDir);
    app.get('*', gated(createPageRenderer({ ...pageOptions, dev: true, load })));
    return app;
  }
  if (options.load) {
    app.get('*', gated(createPageRenderer({ ...pageOptions, dev: false, load: options.load })));
    return app;
  }

  if (!hasBuild()) throw new Error('There is no build in dist/. Run `npm run build` first.');
  const { render, loadAllPages } = (await import(serverEntry)) as {
    render: typeof renderPage;
    loadAllPages: () => Promise<void>;
  };
  // Every page's modules then load in the background, so the first visitor of a page does not wait for them (seconds
  // on a busy machine), and readiness is not held back by them. They start once the first answer has gone, or a
  // second after the server listens: loading them holds the loop, and the first visitor should not wait for that.
  // A process optimised for memory loads a page's modules when the page is first asked for instead (decision 065).
  let loadingPages = config.optimizeFor === 'memory';
  if (loadingPages) pagesLoaded();
  const loadPagesAhead = () => {
    if (loadingPages) return;
    loadingPages = true;
    void loadAllPages()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not load the pages ahead'))
      .finally(pagesLoaded);
  };
  app.addHook('onListen', async () => {
    setTimeout(loadPagesAhead, 1000).unref();
  });
  app.addHook('onResponse', async () => loadPagesAhead());
  const assets = assetsFromManifest(clientDir);
  await serveBuiltFiles(app, clientDir);
  app.get('*', gated(createPageRenderer({ ...pageOptions, dev: false, load: async () => ({ render, assets }) })));
  return app;
}

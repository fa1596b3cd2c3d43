import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { render as renderPage } from '../src/entry-server.tsx';
import { devAssets } from './client-assets.ts';

const root = resolve(import.meta.dirname, '..');
const publicDir = join(root, 'public');

/** What the browser needs from Vite in development: the app's sources, Vite's own modules, the dependencies. */
const viteServedPrefixes = ['/src/', '/@vite/', '/@id/', '/@fs/', '/@react-refresh', '/node_modules/', '/__vite'];

/**
 * Vite serves any file under the project root by its path; the web tier lets it answer only the paths
 * the app loads, so server code, tests, secrets and the data folder are never one URL away.
 */
export function isDevAssetPath(url: string): boolean {
  const path = decodeURIComponent(url.split('?')[0] ?? '/');
  if (path.includes('..') || path.includes('\0')) return false;
  if (viteServedPrefixes.some((prefix) => path.startsWith(prefix))) return true;
  if (path === '/manifest.webmanifest') return true;
  const file = join(publicDir, path);
  return file.startsWith(`${publicDir}/`) && existsSync(file) && statSync(file).isFile();
}

/** Development: Vite's middleware serves sources with hot reload; pages render from source. */
export async function attachVite(app: FastifyInstance, dataDir: string) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: {
      middlewareMode: true,
      // `/@fs/` reaches only the sources and dependencies, never the data folder (secrets, database files).
      fs: {
        strict: true,
        allow: [join(root, 'src'), join(root, 'node_modules'), publicDir, join(root, 'manifest.webmanifest')],
        deny: [`${resolve(dataDir)}/**`],
      },
    },
    appType: 'custom',
  });
  await app.register(middie);
  app.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
    if (isDevAssetPath(request.url ?? '/')) vite.middlewares(request, response, next);
    else next();
  });
  app.addHook('onClose', () => vite.close());
  return async (url: string) => {
    const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: typeof renderPage };
    const html = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
    const devHead = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]?.trim() ?? '')
      .filter(Boolean)
      .join('\n');
    return { render, assets: devAssets, devHead: `import '/@vite/client';\n${devHead}` };
  };
}

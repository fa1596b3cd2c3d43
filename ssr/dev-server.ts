import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { render as renderPage } from '../src/entry-server.tsx';
import { devAssets } from './client-assets.ts';

/** Development: Vite's middleware serves sources with hot reload; pages render from source. */
export async function attachVite(app: FastifyInstance) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
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

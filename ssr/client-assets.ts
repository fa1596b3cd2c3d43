import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PageStyleManifest, pageStyleManifestPath } from '../build/page-stylesheets.ts';
import type { RenderAssets } from '../src/entry-server.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

type ViteManifest = Record<string, ManifestChunk>;

const clientEntry = 'src/entry-client.tsx';
/** The app's one stylesheet (`build.cssCodeSplit` off), as the build manifest names it. */
const appStylesheet = 'style.css';

/** The entry, its stylesheets and, per page module, the chunks to preload; read from Vite's build manifest. */
export function assetsFromManifest(clientDir: string): RenderAssets {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const entry = manifest[clientEntry];
  if (!entry) throw new Error(`The build manifest has no ${clientEntry}`);

  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryChunks = closure(clientEntry);
  // A build without styles (the bench's floor) has none.
  const stylesheet = manifest[appStylesheet]?.file;
  const css = stylesheet ? [`/${stylesheet}`] : [];
  // The sheets of their own that some pages get (decision 080), when the build made them.
  const pageStyles = existsSync(join(clientDir, pageStyleManifestPath))
    ? (JSON.parse(readFileSync(join(clientDir, pageStyleManifestPath), 'utf8')) as PageStyleManifest).pages
    : {};
  const pageCss = Object.fromEntries(css.length > 0 ? Object.entries(pageStyles).map(([key, file]) => [key, `/${file}`]) : []);
  // Read once: every page writes one of them into its head.
  const cssTexts = new Map(
    [...new Set([...css, ...Object.values(pageCss)])].map((href) => [href, readFileSync(join(clientDir, href), 'utf8')]),
  );
  const cache = new Map<string, string[]>();

  return {
    entry: `/${entry.file}`,
    css,
    pageCss,
    cssText: (href) => cssTexts.get(href),
    chunksFor(moduleKeys) {
      const cacheKey = moduleKeys.join('|');
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      const files = new Set<string>();
      for (const key of moduleKeys) {
        for (const chunkKey of closure(key)) {
          const chunk = manifest[chunkKey];
          if (chunk && !entryChunks.has(chunkKey)) files.add(`/${chunk.file}`);
        }
      }
      const result = [...entryChunks].map((key) => `/${manifest[key]?.file}`).concat([...files]);
      cache.set(cacheKey, result);
      return result;
    },
    pageFiles(moduleKeys) {
      return Object.fromEntries(
        moduleKeys.flatMap((key) => {
          const file = manifest[key]?.file;
          return file ? [[key, `/${file}`]] : [];
        }),
      );
    },
  };
}

/** In development Vite serves sources directly; nothing to preload. */
export const devAssets: RenderAssets = {
  entry: `/${clientEntry}`,
  css: [],
  cssText: () => undefined,
  chunksFor: () => [],
  pageFiles: () => ({}),
};

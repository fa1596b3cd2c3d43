import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assetsFromManifest } from './client-assets.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(manifest: Record<string, unknown>, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'admit-assets-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const entry = {
  'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  'src/app/routes/public/home.tsx': { file: 'assets/home.js', imports: ['_framework.js', '_cards.js'] },
  '_cards.js': { file: 'assets/cards.js' },
};

describe('the built client assets', () => {
  it('name the app’s one stylesheet and hold its text, to write into every page', () => {
    const css = ':root{--brand:#4f46e5}.card>p{margin:0}';
    const dir = build(
      { ...entry, 'style.css': { file: 'assets/style-abc.css', src: 'style.css' } },
      { 'assets/style-abc.css': css },
    );
    const assets = assetsFromManifest(dir);
    expect(assets.css).toEqual(['/assets/style-abc.css']);
    expect(assets.cssText('/assets/style-abc.css')).toBe(css);
    expect(assets.cssText('/assets/other.css')).toBeUndefined();
    expect(assets.pageCss).toEqual({});
  });

  it('name the sheets some pages get of their own, and hold their text too', () => {
    const css = '.card>p{margin:0}.grid{display:grid}';
    const homeCss = '.card>p{margin:0}';
    const dir = build(
      { ...entry, 'style.css': { file: 'assets/style-abc.css', src: 'style.css' } },
      {
        'assets/style-abc.css': css,
        'assets/style-page-def.css': homeCss,
        '.vite/page-styles.json': JSON.stringify({ pages: { 'src/app/routes/public/home.tsx': 'assets/style-page-def.css' } }),
      },
    );
    const assets = assetsFromManifest(dir);
    expect(assets.css).toEqual(['/assets/style-abc.css']);
    expect(assets.pageCss).toEqual({ 'src/app/routes/public/home.tsx': '/assets/style-page-def.css' });
    expect(assets.cssText('/assets/style-page-def.css')).toBe(homeCss);
    expect(assets.cssText('/assets/style-abc.css')).toBe(css);
  });

  it('have no stylesheet when the build has none, and preload the entry’s chunks before a page’s own', () => {
    const assets = assetsFromManifest(build(entry));
    expect(assets.css).toEqual([]);
    expect(assets.chunksFor(['src/app/routes/public/home.tsx'])).toEqual([
      '/assets/entry.js',
      '/assets/framework.js',
      '/assets/home.js',
      '/assets/cards.js',
    ]);
  });
});

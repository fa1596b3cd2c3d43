import { describe, expect, it } from 'vitest';
import {
  classWords,
  cssItems,
  keepUsedRules,
  keepUsedVariables,
  type PageStyleManifest,
  pageStyleManifestPath,
  pageStylesheets,
  requiredClasses,
} from './page-stylesheets.ts';

const sheet = [
  '@layer theme{:root{--color-slate-900:#0f172b}}',
  '@layer base{*{box-sizing:border-box}h1{font-size:inherit}}',
  '@layer components{.button{display:inline-flex}.field{display:block}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@layer utilities{',
  '.flex{display:flex}.grid{display:grid}.w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}',
  '.space-y-2>:not(:last-child){margin-block-end:.5rem}',
  '.not-first\\:mt-2:not(.first){margin-top:.5rem}',
  ':is(:where(.group):hover .group-hover\\:underline){text-decoration-line:underline}',
  '.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
  '@media (min-width:40rem){.sm\\:px-6{padding-inline:1.5rem}.sm\\:grid-cols-3{grid-template-columns:repeat(3,1fr)}}',
  '@media (hover:hover){.hover\\:bg-indigo-700:hover{background-color:#432dd7}}',
  '*:not(.keep-unless){outline:none}',
  '}',
  '.prose h1{font-size:1.875rem}',
].join('');

describe('the pages’ own stylesheets', () => {
  it('reads a sheet’s items with their blocks, quoted braces and comments kept whole', () => {
    const items = cssItems('@import "a{b}.css";/* } */.a{content:"}"}@media print{.b{color:red}}');
    expect(items).toEqual([
      { prelude: '@import "a{b}.css"', body: null },
      { prelude: '/* } */.a', body: 'content:"}"' },
      { prelude: '@media print', body: '.b{color:red}' },
    ]);
  });

  it('names the classes a selector requires, unescaped, leaving out those inside :not()', () => {
    expect(requiredClasses('.sm\\:px-6')).toEqual(['sm:px-6']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses(':is(:where(.group):hover .group-hover\\:underline)')).toEqual(['group', 'group-hover:underline']);
    expect(requiredClasses('.not-first\\:mt-2:not(.first)')).toEqual(['not-first:mt-2']);
    expect(requiredClasses('*:not(.keep-unless)')).toEqual([]);
    expect(requiredClasses('h1')).toEqual([]);
  });

  it('keeps only the rules a word can match, in every layer, and every rule that names no class', () => {
    const kept = keepUsedRules(
      sheet,
      new Set(['button', 'flex', 'w-1/2', 'sm:px-6', 'group', 'space-y-2', 'before:content-["{"]']),
    );
    expect(kept).toContain('@layer theme{:root{--color-slate-900:#0f172b}}');
    expect(kept).toContain('@layer base{*{box-sizing:border-box}h1{font-size:inherit}}');
    expect(kept).toContain('@layer components{.button{display:inline-flex}}');
    expect(kept).toContain('@keyframes spin{to{transform:rotate(1turn)}}');
    for (const rule of [
      '.flex{display:flex}',
      '.w-1\\/2{width:50%}',
      '.space-y-2>:not(:last-child){margin-block-end:.5rem}',
      ':is(:where(.group):hover .group-hover\\:underline){text-decoration-line:underline}',
      '.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
      '@media (min-width:40rem){.sm\\:px-6{padding-inline:1.5rem}}',
      '*:not(.keep-unless){outline:none}',
    ]) {
      expect(kept).toContain(rule);
    }
    for (const gone of [
      '.field',
      '.grid{',
      '2xl',
      'not-first',
      'sm\\:grid-cols-3',
      '@media (hover:hover)',
      'hover\\:bg-indigo-700',
      '.prose',
    ]) {
      expect(kept).not.toContain(gone);
    }
  });

  it('keeps the theme’s variables that a rule, the code or a kept variable uses, and no other', () => {
    const css = [
      '/*! banner */@layer properties{*{--tw-shadow:0 0 #0000}}',
      '@layer theme{:root,:host{--font-sans:system-ui, "Segoe UI", sans-serif;--default-font-family:var(--font-sans);',
      '--color-red-50:#fef2f2;--color-indigo-600:#4f39f6;--color-slate-200:#e2e8f0;--spacing:.25rem;--radius-xl:.75rem}',
      '@supports (color:lab(0% 0 0)){:root,:host{--color-red-50:lab(96% 4 1);--color-indigo-600:lab(38% 58 -94)}}}',
      '@layer base{html{font-family:var(--default-font-family)}}',
      '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.bg-indigo-600{background-color:var(--color-indigo-600)}}',
    ].join('');
    const kept = keepUsedVariables(css, 'style:{borderRadius:"var(--radius-xl)"}');
    expect(kept).toBe(
      [
        '/*! banner */@layer properties{*{--tw-shadow:0 0 #0000}}',
        '@layer theme{:root,:host{--font-sans:system-ui, "Segoe UI", sans-serif;--default-font-family:var(--font-sans);',
        '--color-indigo-600:#4f39f6;--spacing:.25rem;--radius-xl:.75rem}',
        '@supports (color:lab(0% 0 0)){:root,:host{--color-indigo-600:lab(38% 58 -94)}}}',
        '@layer base{html{font-family:var(--default-font-family)}}',
        '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.bg-indigo-600{background-color:var(--color-indigo-600)}}',
      ].join(''),
    );
    expect(keepUsedVariables('@layer utilities{.a{b:c}}', '')).toBe('@layer utilities{.a{b:c}}');
  });

  it('reads class names from code as Tailwind would: words between spaces, quotes and backticks', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of built code, with a template literal in it
    const words = classWords('e("div",{className:"mx-auto max-w-6xl"}),`px-4 ${a?"sm:px-6":\'w-1/2\'}`');
    for (const word of ['mx-auto', 'max-w-6xl', 'px-4', 'sm:px-6', 'w-1/2']) expect(words.has(word)).toBe(true);
  });

  it('gives each page of the areas named the words of the entry, the page and all they load, never another page’s', () => {
    const chunk = (code: string, facadeModuleId: string | null, imports: string[] = [], dynamicImports: string[] = []) => ({
      type: 'chunk' as const,
      code: `x("${code}")`,
      isEntry: facadeModuleId === '/app/src/entry-client.tsx',
      facadeModuleId,
      imports,
      dynamicImports,
    });
    const rules = ['entry', 'shared', 'menu', 'home', 'cards', 'faq', 'admin', 'map', 'adminonly'];
    const bundle: Record<string, unknown> = {
      'assets/style-abc.css': {
        type: 'asset',
        fileName: 'assets/style-abc.css',
        source: `@layer utilities{${rules.map((name) => `.${name}{a:b}`).join('')}}`,
      },
      'assets/entry.js': chunk('entry', '/app/src/entry-client.tsx', ['assets/shared.js'], ['assets/menu.js', 'assets/map.js']),
      'assets/shared.js': chunk('shared', null),
      'assets/menu.js': chunk('menu', '/app/src/app/layouts/account-menu.tsx'),
      'assets/map.js': chunk('map', '/app/src/app/page-modules.ts', [], ['assets/home.js', 'assets/admin.js']),
      'assets/home.js': chunk('home', '/app/src/app/routes/public/home.tsx', ['assets/shared.js'], ['assets/cards.js']),
      'assets/cards.js': chunk('cards', null, [], ['assets/faq.js']),
      'assets/faq.js': chunk('faq', '/app/src/app/routes/help-desk/faq.tsx'),
      'assets/admin.js': chunk('admin', '/app/src/app/routes/admin/admin.tsx', ['assets/admin-only.js']),
      'assets/admin-only.js': chunk('adminonly', null),
    };
    const emitted: Array<{ fileName: string; source: string }> = [];
    const plugin = pageStylesheets({ areas: ['public', 'help-desk'], pageMap: 'src/app/page-modules.ts' });
    const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
    hook.handler.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);
    const manifest = JSON.parse(
      emitted.find((file) => file.fileName === pageStyleManifestPath)?.source ?? '{}',
    ) as PageStyleManifest;
    expect(Object.keys(manifest.pages).sort()).toEqual(['src/app/routes/help-desk/faq.tsx', 'src/app/routes/public/home.tsx']);
    const sheetOf = (page: string) => emitted.find((file) => file.fileName === manifest.pages[page])?.source;
    expect(manifest.pages['src/app/routes/public/home.tsx']).toMatch(/^assets\/style-page-[\w-]{8}\.css$/);
    expect(sheetOf('src/app/routes/public/home.tsx')).toBe(
      '@layer utilities{.entry{a:b}.shared{a:b}.menu{a:b}.home{a:b}.cards{a:b}}',
    );
    expect(sheetOf('src/app/routes/help-desk/faq.tsx')).toBe('@layer utilities{.entry{a:b}.shared{a:b}.menu{a:b}.faq{a:b}}');
  });

  it('writes one file for pages whose sheets come out the same', () => {
    const page = (name: string) => ({
      type: 'chunk' as const,
      code: 'x("same")',
      isEntry: false,
      facadeModuleId: `/app/src/app/routes/public/${name}.tsx`,
      imports: [],
      dynamicImports: [],
    });
    const bundle = {
      'assets/style-abc.css': { type: 'asset', fileName: 'assets/style-abc.css', source: '.same{a:b}.other{a:b}' },
      'assets/terms.js': page('terms'),
      'assets/about-us.js': page('about-us'),
    };
    const emitted: Array<{ fileName: string; source: string }> = [];
    const hook = pageStylesheets({ areas: ['public'], pageMap: 'src/app/page-modules.ts' }).generateBundle as {
      handler: (this: unknown, options: unknown, bundle: unknown) => void;
    };
    hook.handler.call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) }, {}, bundle);
    const { pages } = JSON.parse(
      emitted.find((file) => file.fileName === pageStyleManifestPath)?.source ?? '{}',
    ) as PageStyleManifest;
    expect(pages['src/app/routes/public/terms.tsx']).toBe(pages['src/app/routes/public/about-us.tsx']);
    expect(emitted.filter((file) => file.fileName.endsWith('.css'))).toEqual([
      { type: 'asset', fileName: pages['src/app/routes/public/terms.tsx'], source: '.same{a:b}' },
    ]);
  });
});

// A second, smaller stylesheet for the pages anyone can open (decision 080): the app's sheet without the utility
// rules that no code of those pages can put on an element. Tailwind writes a utility only for a class name it finds
// written out in the sources, so a class those pages use is written out in their chunks; the filter keeps a rule
// when any class it names (outside `:not()`) appears there as a word.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** One item of a stylesheet's level: a rule or at-rule with its block, or a statement (`@import …;`). */
interface CssItem {
  prelude: string;
  /** The text between the braces; null for a statement. */
  body: string | null;
}

/** The items of one level of a stylesheet, with quoted strings and comments kept whole. */
export function cssItems(css: string): CssItem[] {
  const items: CssItem[] = [];
  let start = 0;
  let index = 0;
  const skipQuoted = (at: number): number => {
    const quote = css[at];
    let next = at + 1;
    while (next < css.length && css[next] !== quote) next += css[next] === '\\' ? 2 : 1;
    return next;
  };
  while (index < css.length) {
    const char = css[index];
    if (char === '"' || char === "'") index = skipQuoted(index);
    else if (char === '/' && css[index + 1] === '*') index = css.indexOf('*/', index + 2) + 1 || css.length;
    else if (char === ';') {
      const prelude = css.slice(start, index).trim();
      if (prelude) items.push({ prelude, body: null });
      start = index + 1;
    } else if (char === '{') {
      const open = index;
      let depth = 1;
      while (depth > 0 && ++index < css.length) {
        const inner = css[index];
        if (inner === '"' || inner === "'") index = skipQuoted(index);
        else if (inner === '{') depth += 1;
        else if (inner === '}') depth -= 1;
      }
      items.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, index) });
      start = index + 1;
    }
    index += 1;
  }
  return items;
}

const hexEscape = /\\([0-9a-fA-F]{1,6})\s?/g;
const charEscape = /\\(.)/g;

/** The class names a selector requires, unescaped (`.sm\:px-6` → `sm:px-6`); those inside `:not()` do not count. */
export function requiredClasses(selector: string): string[] {
  let outsideNot = selector;
  for (let found = outsideNot.indexOf(':not('); found >= 0; found = outsideNot.indexOf(':not(')) {
    let depth = 0;
    let end = found + 4;
    for (; end < outsideNot.length; end += 1) {
      if (outsideNot[end] === '\\') end += 1;
      else if (outsideNot[end] === '(') depth += 1;
      else if (outsideNot[end] === ')' && --depth === 0) break;
    }
    outsideNot = outsideNot.slice(0, found) + outsideNot.slice(end + 1);
  }
  return [...outsideNot.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)].map(([, name = '']) =>
    name.replace(hexEscape, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16))).replace(charEscape, '$1'),
  );
}

function keepUsed(items: CssItem[], used: ReadonlySet<string>): string {
  let kept = '';
  for (const { prelude, body } of items) {
    if (body === null) kept += `${prelude};`;
    else if (prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@container')) {
      const inner = keepUsed(cssItems(body), used);
      if (inner) kept += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) kept += `${prelude}{${body}}`;
    else {
      const classes = requiredClasses(prelude);
      if (classes.length === 0 || classes.some((name) => used.has(name))) kept += `${prelude}{${body}}`;
    }
  }
  return kept;
}

/** The stylesheet with only the utility rules (`@layer utilities`) that `used` can match; everything else as is. */
export function keepUsedUtilities(css: string, used: ReadonlySet<string>): string {
  return cssItems(css)
    .map(({ prelude, body }) => {
      if (body === null) return `${prelude};`;
      return prelude === '@layer utilities' ? `${prelude}{${keepUsed(cssItems(body), used)}}` : `${prelude}{${body}}`;
    })
    .join('');
}

/** The words of some code as Tailwind would read class names in it: split at spaces, quotes and backticks. */
export function classWords(code: string): Set<string> {
  return new Set(code.split(/[\s"'`]+/));
}

/** What the server reads to write the smaller sheet into a page (`dist/client/.vite/public-style.json`). */
export interface PublicStyleManifest {
  /** The smaller sheet, under the client's folder. */
  file: string;
  /** The areas (`src/app/routes/<area>/`) whose pages the smaller sheet styles whole. */
  areas: string[];
}

export const publicStyleManifestPath = '.vite/public-style.json';

interface BundleChunk {
  type: 'chunk';
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}
interface BundleAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/**
 * The client build's plugin: writes the smaller sheet beside the app's, for the pages of `areas`. Its words come
 * from every chunk those pages and the entry can load (static and dynamic imports: menus, dialogs, toasts, error
 * pages), except through the map of every page (`pageMap`), which leads to all the other areas' pages.
 */
export function publicStylesheet(options: { areas: string[]; pageMap: string }): Plugin {
  const pagePath = (id: string) => id.replaceAll('\\', '/').match(/\/src\/app\/routes\/([^/]+)\//)?.[1];
  return {
    name: 'admit:public-stylesheet',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const items = bundle as unknown as Record<string, BundleChunk | BundleAsset>;
        const sheet = Object.values(items).find(
          (item): item is BundleAsset => item.type === 'asset' && /(^|\/)style-[^/]*\.css$/.test(item.fileName),
        );
        if (!sheet) return;
        const isPageMap = (chunk: BundleChunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(options.pageMap);
        const otherAreaPage = (chunk: BundleChunk) => {
          const area = chunk.facadeModuleId ? pagePath(chunk.facadeModuleId) : undefined;
          return area !== undefined && !options.areas.includes(area);
        };
        const chunks = Object.entries(items).filter((entry): entry is [string, BundleChunk] => entry[1].type === 'chunk');
        const reached = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = items[fileName];
          if (!chunk || chunk.type !== 'chunk' || reached.has(fileName) || isPageMap(chunk) || otherAreaPage(chunk)) return;
          reached.add(fileName);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
        };
        for (const [fileName, chunk] of chunks) {
          const area = chunk.facadeModuleId ? pagePath(chunk.facadeModuleId) : undefined;
          if (chunk.isEntry || (area !== undefined && options.areas.includes(area))) visit(fileName);
        }
        const used = new Set<string>();
        for (const fileName of reached) for (const word of classWords((items[fileName] as BundleChunk).code)) used.add(word);
        const css = keepUsedUtilities(String(sheet.source), used);
        const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
        const file = sheet.fileName.replace(/style-[^/]*\.css$/, `style-public-${hash}.css`);
        this.emitFile({ type: 'asset', fileName: file, source: css });
        const manifest: PublicStyleManifest = { file, areas: options.areas };
        this.emitFile({ type: 'asset', fileName: publicStyleManifestPath, source: JSON.stringify(manifest) });
      },
    },
  };
}

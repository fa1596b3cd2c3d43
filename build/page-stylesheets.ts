// A sheet of its own for each page anyone can open (decision 080): the app's sheet without the rules that no code
// of that page can put on an element. Tailwind writes a utility only for a class name it finds written out in the
// sources, so a class a page uses is written out in the chunks it loads; the filter keeps a rule when any class it
// names (outside `:not()`) appears there as a word.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** One item of a stylesheet's level: a rule or at-rule with its block, or a statement (`@import …;`). */
interface CssItem {
  prelude: string;
  /** The text between the braces; null for a statement. */
  body: string | null;
}

/** The items of one level of a stylesheet, with escaped characters, quoted strings and comments kept whole. */
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
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = skipQuoted(index);
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
        if (inner === '\\') index += 1;
        else if (inner === '"' || inner === "'") index = skipQuoted(index);
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

/** Blocks whose rules are filtered one by one; any other at-rule (keyframes, properties, fonts) is kept whole. */
const groupingRule = /^@(media|supports|container|layer)\b/;

function keepUsed(items: CssItem[], used: ReadonlySet<string>): string {
  let kept = '';
  for (const { prelude, body } of items) {
    if (body === null) kept += `${prelude};`;
    else if (groupingRule.test(prelude)) {
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

/**
 * The stylesheet with only the rules that an element with classes from `used` can match: a rule that names no class
 * (element rules, `:root`, keyframes) stays, in any layer.
 */
export function keepUsedRules(css: string, used: ReadonlySet<string>): string {
  return keepUsed(cssItems(css), used);
}

/** A block's declarations, split at semicolons outside quotes and parentheses. */
function declarations(body: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ';' && depth === 0) {
      found.push(body.slice(start, index));
      start = index + 1;
    }
  }
  if (body.slice(start).trim()) found.push(body.slice(start));
  return found;
}

const variableName = /--[\w-]+/g;
const customProperty = /^\s*(--[\w-]+)\s*:/;

/**
 * The theme's variables (`@layer theme`) that something uses: a `var()` in the rest of the sheet, a name in the code
 * (an inline style, a script reading it), or another kept variable's value; the other variables go. The theme holds
 * every colour and size the whole app uses; a page's rules use a few of them.
 */
export function keepUsedVariables(css: string, code: string): string {
  const items = cssItems(css);
  const theme = items.find((item) => item.prelude === '@layer theme' && item.body !== null);
  if (!theme?.body) return css;
  const values = new Map<string, string[]>();
  const collect = (body: string) => {
    for (const { prelude, body: inner } of cssItems(body)) {
      if (inner === null) continue;
      if (prelude.startsWith('@')) collect(inner);
      else
        for (const declaration of declarations(inner)) {
          const name = customProperty.exec(declaration)?.[1];
          if (name) values.set(name, [...(values.get(name) ?? []), declaration.slice(declaration.indexOf(':') + 1)]);
        }
    }
  };
  collect(theme.body);
  const elsewhere = items
    .filter((item) => item !== theme)
    .map(({ prelude, body }) => `${prelude}{${body ?? ''}}`)
    .join('');
  const used = new Set<string>();
  const use = (name: string) => {
    if (used.has(name) || !values.has(name)) return;
    used.add(name);
    for (const value of values.get(name) ?? []) for (const [next] of value.matchAll(variableName)) use(next);
  };
  for (const [name] of elsewhere.matchAll(variableName)) use(name);
  for (const [name] of code.matchAll(variableName)) use(name);
  const prune = (body: string): string =>
    cssItems(body)
      .map(({ prelude, body: inner }) => {
        if (inner === null) return `${prelude};`;
        if (prelude.startsWith('@')) {
          const kept = prune(inner);
          return kept ? `${prelude}{${kept}}` : '';
        }
        const kept = declarations(inner).filter((declaration) => {
          const name = customProperty.exec(declaration)?.[1];
          return !name || used.has(name);
        });
        return kept.length > 0 ? `${prelude}{${kept.join(';')}}` : '';
      })
      .join('');
  return items
    .map((item) =>
      item === theme
        ? `@layer theme{${prune(theme.body ?? '')}}`
        : item.body === null
          ? `${item.prelude};`
          : `${item.prelude}{${item.body}}`,
    )
    .join('');
}

/** The words of some code as Tailwind would read class names in it: split at spaces, quotes and backticks. */
export function classWords(code: string): Set<string> {
  return new Set(code.split(/[\s"'`]+/));
}

/** What the server reads to write a page's own sheet into it (`dist/client/.vite/page-styles.json`). */
export interface PageStyleManifest {
  /** Page module (`src/app/routes/<area>/<page>.tsx`) → its sheet, under the client's folder. */
  pages: Record<string, string>;
}

export const pageStyleManifestPath = '.vite/page-styles.json';

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
 * The client build's plugin: beside the app's sheet, one per page of `areas`, with the rules that page can use. Its
 * words come from every chunk the entry and the page can load (static and dynamic imports: layouts, menus, dialogs,
 * toasts, error pages), never through the map of every page (`pageMap`) nor into another page's module.
 */
export function pageStylesheets(options: { areas: string[]; pageMap: string }): Plugin {
  const normal = (id: string | null) => id?.replaceAll('\\', '/') ?? '';
  const pageKey = (id: string | null) => /\/(src\/app\/routes\/([^/]+)\/[^/]+\.tsx)$/.exec(normal(id));
  return {
    name: 'admit:page-stylesheets',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const items = bundle as unknown as Record<string, BundleChunk | BundleAsset>;
        const sheet = Object.values(items).find(
          (item): item is BundleAsset => item.type === 'asset' && /(^|\/)style-[^/]*\.css$/.test(item.fileName),
        );
        if (!sheet) return;
        const wholeCss = String(sheet.source);
        const words = new Map<string, Set<string>>();
        const wordsOf = (fileName: string) => {
          let found = words.get(fileName);
          if (!found) {
            found = classWords((items[fileName] as BundleChunk).code);
            words.set(fileName, found);
          }
          return found;
        };
        /** The chunks `from` can load, stopping at the page map and at any page's module but `from` itself. */
        const reach = (from: string, reached = new Set<string>()) => {
          const visit = (fileName: string) => {
            const chunk = items[fileName];
            if (chunk?.type !== 'chunk' || reached.has(fileName)) return;
            if (normal(chunk.facadeModuleId).endsWith(options.pageMap)) return;
            if (fileName !== from && pageKey(chunk.facadeModuleId)) return;
            reached.add(fileName);
            for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
          };
          visit(from);
          return reached;
        };
        const chunks = Object.entries(items).filter((entry): entry is [string, BundleChunk] => entry[1].type === 'chunk');
        const entryReach = new Set(chunks.filter(([, chunk]) => chunk.isEntry).flatMap(([fileName]) => [...reach(fileName)]));
        const pages: Record<string, string> = {};
        const written = new Map<string, string>();
        for (const [fileName, chunk] of chunks) {
          const page = pageKey(chunk.facadeModuleId);
          if (!page?.[1] || !options.areas.includes(page[2] ?? '')) continue;
          const used = new Set<string>();
          const reachable = new Set([...entryReach, ...reach(fileName)]);
          for (const reached of reachable) for (const word of wordsOf(reached)) used.add(word);
          const code = [...reachable].map((reached) => (items[reached] as BundleChunk).code).join('\n');
          const css = keepUsedVariables(keepUsedRules(wholeCss, used), code);
          let file = written.get(css);
          if (!file) {
            const hash = createHash('sha256').update(css).digest('base64url').slice(0, 8);
            file = sheet.fileName.replace(/style-[^/]*\.css$/, `style-page-${hash}.css`);
            this.emitFile({ type: 'asset', fileName: file, source: css });
            written.set(css, file);
          }
          pages[page[1]] = file;
        }
        const manifest: PageStyleManifest = { pages };
        this.emitFile({ type: 'asset', fileName: pageStyleManifestPath, source: JSON.stringify(manifest) });
      },
    },
  };
}

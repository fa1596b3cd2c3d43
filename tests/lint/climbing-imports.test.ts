import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './source-files.ts';

// Code in src/ names the layer it imports from — #app/…, #components/…, #contract/…, #features/… or #lib/…
// (package.json "imports", decision 059) — instead of climbing three folders or more to reach it, so a file's
// imports read the same wherever it sits and moving it changes none of them.

/** The folders an alias names, as root-relative prefixes, and the alias of each. */
const aliases: ReadonlyArray<[string, string]> = [
  ['src/app/', '#app/'],
  ['src/components/', '#components/'],
  ['src/contract/', '#contract/'],
  ['src/features/', '#features/'],
  ['src/lib/', '#lib/'],
];

interface Climb {
  file: string;
  line: number;
  specifier: string;
  alias: string;
}

const importedPath = /(?:\bfrom|\bimport\(|\bmock\()\s*(['"])((?:\.\.\/){3,}[^'"]*)\1/g;

/** Every import in `text` (of the root-relative `file`) that climbs three folders or more into a folder an alias names. */
function climbsIn(file: string, text: string): Climb[] {
  const found: Climb[] = [];
  for (const match of text.matchAll(importedPath)) {
    const specifier = match[2] ?? '';
    const target = posix.normalize(posix.join(posix.dirname(file), specifier));
    const named = aliases.find(([folder]) => target.startsWith(folder));
    if (!named) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ file, line, specifier, alias: `${named[1]}${target.slice(named[0].length)}` });
  }
  return found;
}

/** Every TypeScript file under `folder`, tests included, as root-relative paths. */
function allFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return allFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('imports in src', () => {
  it('reach the app, the kit, the contract, the features and the libraries through their aliases, never by climbing', () => {
    const climbs = allFiles('src').flatMap((file) => climbsIn(file, readFileSync(join(root, file), 'utf8')));
    expect(climbs).toEqual([]);
  });

  it('are found climbing in static, dynamic and mocked imports, and left alone when they stay near or reach no alias', () => {
    const file = 'src/features/orders/components/sample.tsx';
    const text = [
      "import { a } from '../../../components/button.ts';",
      "export { b } from '../../../lib/toasts.tsx';",
      "const c = () => import('../../../contract/money.ts');",
      "vi.mock('../../../app/page-meta.tsx');",
      "import { d } from '../../../entry-server.tsx';",
      "import { e } from '../utils/ticket-choice.ts';",
      "import { f } from '#lib/api-caller.tsx';",
    ].join('\n');
    expect(climbsIn(file, text).map(({ line, alias }) => [line, alias])).toEqual([
      [1, '#components/button.ts'],
      [2, '#lib/toasts.tsx'],
      [3, '#contract/money.ts'],
      [4, '#app/page-meta.tsx'],
    ]);
  });

  it('resolve each alias to the folder of its name, as package.json says', () => {
    const imports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as Record<string, string>;
    expect(imports).toEqual(Object.fromEntries(aliases.map(([folder, alias]) => [`${alias}*`, `./${folder}*`])));
  });
});

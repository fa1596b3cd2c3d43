import { cruise, type ICruiseOptions, type IModule } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './source-files.ts';

// What a page loads before it is interactive is what its module imports statically, and so on (decision 081): the
// sign-in, sign-up and code pages and the help desk's forms check with schemas loaded after the page, and tell an API
// client's failure without the client. A static import of zod or axios on the way puts 25 or 20 KB of gzip back onto them.
const pages = [
  ...['sign-in', 'sign-up', 'forgot-password', 'verify-email', 'verify-cognito', 'account-verification'].map(
    (name) => `src/app/routes/public/${name}.tsx`,
  ),
  ...['raise-case', 'check-status', 'case-details'].map((name) => `src/app/routes/help-desk/${name}.tsx`),
];
const laterOnly = ['zod', 'axios'];
/** A page whose start still imports schemas (an agent's filters): the walk must find zod from it. */
const control = 'src/app/routes/admin/admin-cases.tsx';

let modules: IModule[];

beforeAll(async () => {
  const options: ICruiseOptions = await extractDepcruiseOptions(`${root}.dependency-cruiser.cjs`);
  const { output } = await cruise([...pages, control], { ...options, baseDir: root, ruleSet: undefined, validate: false });
  if (typeof output === 'string') throw new Error('expected a cruise result');
  modules = output.modules;
}, 60_000);

/** The chain of static, non-type imports from `page` to a module of `pkg`, or null when there is none. */
function staticPath(page: string, pkg: string): string[] | null {
  const byName = new Map(modules.map((module) => [module.source, module]));
  const previous = new Map<string, string | null>([[page, null]]);
  const queue = [page];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (at.includes(`node_modules/${pkg}/`)) {
      const chain: string[] = [];
      for (let step: string | null = at; step; step = previous.get(step) ?? null) chain.unshift(step);
      return chain;
    }
    for (const dependency of byName.get(at)?.dependencies ?? []) {
      const types = dependency.dependencyTypes;
      if (types.includes('type-only') || types.includes('dynamic-import') || previous.has(dependency.resolved)) continue;
      previous.set(dependency.resolved, at);
      queue.push(dependency.resolved);
    }
  }
  return null;
}

describe('what the auth and help desk pages load before they are interactive', () => {
  it.each(pages)('%s reaches neither zod nor axios through static imports', (page) => {
    expect(
      modules.some((module) => module.source === page),
      `${page} was cruised`,
    ).toBe(true);
    for (const pkg of laterOnly) expect(staticPath(page, pkg), `${page} → ${pkg}`).toBeNull();
  });

  it('finds the chain where there is one', () => {
    const chain = staticPath(control, 'zod') ?? [];
    expect(chain[0]).toBe(control);
    expect(chain.at(-1)).toMatch(/node_modules\/zod\//);
  });
});

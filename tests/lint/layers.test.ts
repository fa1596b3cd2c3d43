import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { beforeAll, describe, expect, it } from 'vitest';

// The import rules `npm run lint` checks (.dependency-cruiser.cjs), run on two small trees shaped like the repository:
// one that breaks each rule once, one that takes every allowed direction.
const fixtures = fileURLToPath(new URL('../fixtures/layers/', import.meta.url));

let options: ICruiseOptions;

beforeAll(async () => {
  // The fixture trees resolve no path aliases, so the repository's tsconfig stays out.
  const { tsConfig: _, ...configured } = await extractDepcruiseOptions(
    fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url)),
  );
  options = configured;
});

async function violationsIn(tree: string): Promise<string[]> {
  const { output } = await cruise(['src', 'server'], { ...options, baseDir: `${fixtures}${tree}` });
  if (typeof output === 'string') throw new Error('expected a cruise result');
  const line = ({ rule, from, to }: IViolation) => `${rule.name}: ${from} → ${to.replace(/^(\.\.\/)+/, '')}`;
  return output.summary.violations.map(line).sort();
}

describe('import rules between layers', () => {
  it('names each broken rule and the import that breaks it', async () => {
    expect(await violationsIn('violations')).toEqual([
      'api-client-outside-api-caller: src/features/a/calls-api-client.ts → src/lib/api-client.ts',
      'components-to-features-or-app: src/components/button.ts → src/features/b/b.ts',
      'contract-to-node: src/contract/ids.ts → crypto',
      'contract-to-react: src/contract/view.ts → node_modules/react/index.js',
      'contract-to-rest-of-src: src/contract/orders.ts → src/lib/client.ts',
      'db-to-features: server/db/database.ts → server/features/orders/orders.repository.ts',
      'feature-to-app: src/features/b/uses-app.ts → src/app/routes.ts',
      'feature-to-other-feature: src/features/a/a.ts → src/features/b/b.ts',
      'file-cycle: server/db/database.ts → server/features/orders/orders.repository.ts',
      'file-cycle: server/features/orders/orders.repository.ts → server/features/orders/orders.service.ts',
      'lib-to-features-app-or-components: src/lib/client.ts → src/components/button.ts',
      'repository-to-service-or-routes: server/features/orders/orders.repository.ts → server/features/orders/orders.service.ts',
      'routes-to-repository-or-db: server/features/orders/orders.routes.ts → server/features/orders/orders.repository.ts',
      'server-domain-beside-services: server/features/payments/payments.service.ts → server/features/orders/order-total.ts',
      'server-feature-cycle: server/features/orders → server/features/payments',
      'server-feature-cycle: server/features/payments → server/features/orders',
      'server-to-src: server/features/orders/orders.routes.ts → src/lib/client.ts',
      'service-to-routes: server/features/orders/orders.service.ts → server/features/orders/orders.routes.ts',
      'service-worker-to-ui: src/sw/sw.ts → src/components/button.ts',
      'src-to-server: src/lib/client.ts → server/db/database.ts',
    ]);
  });

  it('lets every allowed direction pass: app → features → components/lib → contract, routes → service → repository → db', async () => {
    expect(await violationsIn('clean')).toEqual([]);
  });
});

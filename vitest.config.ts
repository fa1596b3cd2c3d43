import { existsSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const apiTests = ['tests/api/**/*.test.ts'];

/**
 * Tests of the HTTP tier — validation, authorisation, limits, answers, headers, storage, the route registry — where
 * the database only keeps what they set up: one database shows all they test, so they run on the embedded one alone.
 * Everything that reads or writes through SQL of its own (orders, races, search, reports, migrations…) runs on both.
 */
const httpTierTests = [
  'acting-route-declarations',
  'authorization-matrix',
  'client-errors',
  'connection-limits',
  'error-answers',
  'image-keys',
  'openapi-document',
  'openapi-fuzz',
  'sized-images',
  'storage-aws',
  'upload-limits',
  'uploads-aws',
  'web-tier-answers',
].map((name) => `tests/api/${name}.test.ts`);
const missing = httpTierTests.filter((path) => !existsSync(path));
if (missing.length > 0) throw new Error(`vitest.config.ts names tests that are not there: ${missing.join(', ')}`);

// API tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: httpTierTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['tests/fixtures/postgres-template.ts'],
        },
      },
    ]
  : [];

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false }),
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: [
              'src/**/*.test.{ts,tsx}',
              'server/**/*.test.ts',
              'ssr/**/*.test.ts',
              'bench/**/*.test.ts',
              'tests/lint/**/*.test.ts',
            ],
          },
        },
        {
          extends: true,
          test: {
            name: 'api-pglite',
            include: apiTests,
            env: { TEST_DB: 'pglite' },
            globalSetup: ['tests/fixtures/pglite-template.ts'],
          },
        },
        ...postgresProject,
      ],
      // Vitest leaves one core free by default; on a 2-core CI machine that is half of it idle while the files run
      // one after another. The files share nothing but PostgreSQL (a database of their own each).
      maxWorkers: process.env.CI ? 2 : undefined,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);

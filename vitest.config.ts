import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const apiTests = ['tests/api/**/*.test.ts'];

// API tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
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

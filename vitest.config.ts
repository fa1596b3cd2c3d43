import { existsSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const apiTests = ['tests/api/**/*.test.ts'];

/**
 * Tests of the HTTP tier — validation, authorisation, limits, answers, headers, storage, the route registry — where
 * the database only keeps what they set up: one database shows all they test, so they run on one alone (PostgreSQL
 * when there is one, the faster; else the embedded one). Named here so that none of them joins `pgliteTests`.
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

/**
 * Tests that run on the embedded database even when PostgreSQL is there (decision 062): those whose code differs on
 * PGlite, and those whose point is the embedded database. Every other SQL test runs once, on PostgreSQL, the same
 * SQL on the same engine (PGlite is PostgreSQL), without PGlite's three times slower queries and template load.
 */
const pgliteTests = [
  // The order path: pipelinedTransaction (server/db/pipelined-transaction.ts) is an ordinary transaction on PGlite,
  // and sale-refusals.service.ts reads a refused constraint's name from PGlite's message, pg's field elsewhere.
  // Placement, its refusals and limits, holds, checkout, and the races for stock, shared places and codes.
  'orders',
  'order-limits',
  'order-network-limits',
  'order-hold-setting',
  'order-sale-context',
  'order-email-proof',
  'payments',
  'pipelined-transaction',
  'capacity-quotas',
  'capacity-quota-races',
  'discount-codes',
  'discount-code-races',
  // Holders' own emails are written with the order's items and copied to its tickets as they are issued.
  'holder-emails',
  // An order placed with a waiting list's offer takes it in the order's transaction (decision 063).
  'waiting-list',
  // Answers to an event's questions are written in the order's transaction (decision 064).
  'questions',
  // Migrations and the database's own answers, on the database a local instance migrates at start.
  'database',
  'sign-up-attempts-migration',
  'ticket-short-codes-migration',
  'voided-ticket-refunds',
  // A local instance: its embedded database, started, migrated and seeded with demo data and demo orders.
  'deployment',
  'seed',
  'demo-data',
  'orders-seed',
  // The mail outbox's claims, which on PGlite's one connection never run side by side.
  'mail',
].map((name) => `tests/api/${name}.test.ts`);

const missing = [...httpTierTests, ...pgliteTests].filter((path) => !existsSync(path));
if (missing.length > 0) throw new Error(`vitest.config.ts names tests that are not there: ${missing.join(', ')}`);
const httpOnPglite = httpTierTests.filter((path) => pgliteTests.includes(path));
if (httpOnPglite.length > 0) throw new Error(`HTTP-tier tests need no PGlite run: ${httpOnPglite.join(', ')}`);

// Without TEST_DATABASE_URL (a developer's machine) every API test runs on embedded PGlite. With it (CI), every API
// test runs on PostgreSQL, and the ones above on PGlite as well.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const postgresProject = onPostgres
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
              'build/**/*.test.ts',
              'tests/lint/**/*.test.ts',
            ],
          },
        },
        {
          extends: true,
          test: {
            name: 'api-pglite',
            include: onPostgres ? pgliteTests : apiTests,
            env: { TEST_DB: 'pglite' },
            globalSetup: ['tests/fixtures/pglite-template.ts'],
          },
        },
        ...postgresProject,
      ],
      // One process runs many files, keeping what they import (React, jsdom, the server's modules) loaded between them:
      // on 2 cores the unit files took 82 s instead of 142 s, the PostgreSQL project 240 s instead of 271 s with half
      // the CPU time (decision 073). What a file sets up is its own (a database, ports, peers); a file that needs a
      // module as no other file left it says so itself (`vi.resetModules()`, then `await import`, as
      // src/lib/toasts.test.tsx does), and nothing it keeps may be named the same by another file (random names).
      isolate: false,
      // The API files wait on their peers, timers and databases for about a third of their time: a third worker on a
      // 2-core CI machine fills those waits (the PostgreSQL project: 154 s instead of 240 s). The files share nothing
      // but the database servers (a database of their own each).
      maxWorkers: process.env.CI ? 3 : undefined,
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }),
);

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const redocly = join(root, 'node_modules/@redocly/cli/bin/cli.js');

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
}

/** Redocly's report on a document; its exit code is not a failure here, the report says what is wrong. */
async function lint(document: unknown): Promise<LintReport> {
  const file = join(mkdtempSync(join(tmpdir(), 'admit-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const args = [redocly, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format=json', '--max-problems=50'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const output = await run(process.execPath, args, { env, timeout: 60_000 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly did not run: ${error.stderr}`);
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(output.stdout) as LintReport;
}

const problemsOf = (report: LintReport) =>
  report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const report = await lint(document);
    expect(problemsOf(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('would fail the lint if an operation forgot to say how it authenticates', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    delete document.paths['/api/health'].get.security;
    const report = await lint(document);
    expect(problemsOf(report)).toEqual([expect.stringMatching(/^security-defined at #\/paths\/~1api~1health\/get/)]);
  });
});

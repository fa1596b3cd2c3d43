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

const openApi = async () => (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();

const problemsOf = (report: LintReport) =>
  report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const report = await lint(await openApi());
    expect(problemsOf(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('would fail the lint if an operation forgot to say how it authenticates', async () => {
    const document = await openApi();
    delete document.paths['/api/health'].get.security;
    const report = await lint(document);
    expect(problemsOf(report)).toEqual([expect.stringMatching(/^security-defined at #\/paths\/~1api~1health\/get/)]);
  });

  it('says which operations need a bearer token, which read one when sent, and which never look', async () => {
    const { paths, components } = await openApi();
    expect(components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(paths['/api/events'].get.security).toEqual([]);
    expect(paths['/api/events'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/events/{eventId}'].get.security).toEqual([{}, { bearerAuth: [] }]);
    expect(paths['/api/orders'].post.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('lists every status an operation answers: a sign-in can be refused, limited or not yet confirmed', async () => {
    const { paths } = await openApi();
    expect(Object.keys(paths['/api/auth/signIn'].post.responses)).toEqual(['200', '400', '403', '413', '415', '429']);
    expect(Object.keys(paths['/api/events'].post.responses)).toEqual(['201', '400', '401', '403', '413', '415']);
    expect(Object.keys(paths['/api/ready'].get.responses)).toEqual(['200', '503']);
  });

  it('asks for an Idempotency-Key where money moves', async () => {
    const { paths } = await openApi();
    for (const operation of [paths['/api/orders'].post, paths['/api/orders/{orderId}/refunds'].post]) {
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
      );
    }
  });

  it('describes the bodies that are not parsed JSON: the signed webhook and the uploaded image', async () => {
    const { paths } = await openApi();
    const webhook = paths['/api/payments/webhook/{provider}'].post;
    expect(Object.keys(webhook.requestBody.content)).toEqual(['application/json']);
    expect(webhook.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['Stripe-Signature', 'admit-signature']),
    );
    const upload = paths['/api/uploads'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/octet-stream']),
    );
    expect(Object.keys(upload.responses)).toEqual(['201', '400', '401', '403', '409', '413', '415', '429']);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPlugin } from '../../server/app.ts';
import { describeInstance, prepareDatabase } from '../../server/bootstrap.ts';
import { demoPassword } from '../../server/cli/seed-accounts.ts';
import { loadConfig } from '../../server/config.ts';
import { newAccount, post } from '../fixtures/accounts.ts';
import { databaseUrl, recreateDatabase } from '../fixtures/postgres-admin.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

const publicOrigin = 'https://tickets.example.test';
const deployment = {
  DEPLOYMENT: 'production',
  PUBLIC_APP_URL: publicOrigin,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDER: 'sandbox',
};
const forgedHost = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const quiet = { info: () => undefined };

async function mailTo(api: TestApi, email: string) {
  return api.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
}

const linksIn = (text: string) => text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];

describe('a deployment', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ ...deployment, TRUST_PROXY: 'true' });
  });
  afterAll(() => api.close());

  it('has no development mailbox', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(404);
    expect(api.config.publicConfig.devMailbox).toBe(false);
  });

  it('puts only its public origin into confirmation and reset mail, whatever Host a request forges', async () => {
    const account = newAccount();
    expect((await post(api.app, '/auth/signUp', account, forgedHost)).statusCode).toBe(201);
    await post(api.app, '/auth/forgotPassword', { email: account.email }, forgedHost);
    const mails = await mailTo(api, account.email);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    for (const mail of mails) {
      const links = [...linksIn(mail.text_body), ...linksIn(mail.html_body)];
      expect(links.length).toBeGreaterThan(0);
      expect(mail.text_body + mail.html_body).not.toContain('evil.example');
      for (const link of links) expect(new URL(link).origin).toBe(publicOrigin);
    }
  });
});

describe('a local instance', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('shows its mail in the development mailbox and tells the browser so', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(api.config.publicConfig.devMailbox).toBe(true);
  });

  it('links mail to this machine, never to the Host a request names', async () => {
    const account = newAccount();
    expect((await post(api.app, '/auth/signUp', account, forgedHost)).statusCode).toBe(201);
    const [mail] = await mailTo(api, account.email);
    expect(mail?.text_body).not.toContain('evil.example');
    for (const link of linksIn(mail?.text_body ?? '')) expect(new URL(link).origin).toBe('http://localhost:3000');
  });

  it('that sends mail has no development mailbox either', async () => {
    const sending = await createTestApi({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await sending.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await sending.close();
    }
  });
});

/** A configuration for a new, empty database of this run's kind; the PGlite one lives in a new folder. */
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'admit-deploy-'));
  if (process.env.TEST_DB !== 'postgres') return { DATA_DIR: dataDir };
  const name = `admit_deploy_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await recreateDatabase(name);
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) };
}

async function startWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;
  const db = await prepareDatabase(config, quiet).finally(() => {
    process.stdout.write = write;
  });
  const app = Fastify({ logger: false });
  await app.register(apiPlugin, { config, db, prefix: '/api' });
  await app.ready();
  const signIn = (email: string, password: string) => post(app, '/auth/signIn', { email, password });
  const close = async () => {
    await app.close();
    await db.destroy();
    if (env.DATABASE_URL) await recreateDatabase(new URL(env.DATABASE_URL).pathname.slice(1), { dropOnly: true });
  };
  return { config, db, app, printed: lines.join(''), signIn, close };
}

/**
 * On a local instance the demo's sales are demo sales, not TEST orders (decision 057): their door admits them. Its
 * events are in test mode, so the door admits the TEST tickets a visitor buys in the sandbox too.
 */
async function expectDemoDoorAdmitsItsTickets(instance: Awaited<ReturnType<typeof startWith>>) {
  const events = await instance.db.selectFrom('events').select('test_mode').execute();
  expect(events.length).toBeGreaterThan(0);
  expect(events.every((event) => event.test_mode)).toBe(true);
  const ticket = await instance.db
    .selectFrom('tickets')
    .innerJoin('orders', 'orders.id', 'tickets.order_id')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .select(['tickets.id', 'tickets.event_id', 'orders.provider'])
    .where('events.title', '=', 'Late Night Jazz at the Docks')
    .executeTakeFirstOrThrow();
  expect(ticket.provider).toBe('demo');
  const door = await instance.signIn('door@northernlights.demo', demoPassword);
  const scanned = await instance.app.inject({
    method: 'POST',
    url: `/api/events/${ticket.event_id}/checkins`,
    headers: { authorization: `Bearer ${door.json().data.accessToken}` },
    payload: {
      code: ticket.id,
      manual: true,
      deviceId: 'demo-door-1',
      clientScanId: '7d3c1a52-3f0e-4d7a-9a43-0d3c0a1b2c3d',
      scannedAt: new Date().toISOString(),
    },
  });
  expect(scanned.json().data).toMatchObject({ result: 'valid', ticket: { id: ticket.id, test: false } });
}

/** What the demo would have written: organisations, events and orders (demo sales or TEST ones), by kind. */
async function demoRows(instance: Awaited<ReturnType<typeof startWith>>) {
  const count = async (table: 'organizations' | 'events' | 'orders' | 'ledger_entries') =>
    Number(
      (
        await instance.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const demoSales = await instance.db.selectFrom('orders').select('id').where('provider', '=', 'demo').execute();
  return {
    organisations: await count('organizations'),
    events: await count('events'),
    orders: await count('orders'),
    ledger: await count('ledger_entries'),
    demoSales: demoSales.length,
  };
}

// Each test creates, migrates and (for some) seeds a database of its own: far more than a request's work, and
// slower still while other test files run beside it.
describe('a new database', { timeout: 90_000 }, () => {
  it('gets no demo accounts on a deployment', async () => {
    const instance = await startWith({ ...deployment, ...(await freshDatabaseEnv()) });
    try {
      expect(instance.printed).not.toContain('admin@admit.demo');
      const users = await instance.db.selectFrom('users').select('email').execute();
      expect(users).toEqual([]);
      expect((await instance.signIn('admin@admit.demo', demoPassword)).statusCode).toBe(400);
      // Nor anything else of the demo: no organisation, event, order or money.
      expect(await demoRows(instance)).toEqual({ organisations: 0, events: 0, orders: 0, ledger: 0, demoSales: 0 });
    } finally {
      await instance.close();
    }
  });

  it('gets demo data on a deployment that asks, with a password nobody has published', async () => {
    const instance = await startWith({ ...deployment, DEMO_DATA: '1', ...(await freshDatabaseEnv()) });
    try {
      const printed = /demo admin: admin@admit\.demo \/ (\S+)/.exec(instance.printed)?.[1];
      expect(printed).toBeDefined();
      expect(printed).not.toBe(demoPassword);
      expect((await instance.signIn('admin@admit.demo', demoPassword)).statusCode).toBe(400);
      expect((await instance.signIn('admin@admit.demo', printed as string)).statusCode).toBe(200);
      // Its demo orders are TEST orders: the demo events' doors refuse them until an organiser turns test mode on.
      const events = await instance.db.selectFrom('events').select('test_mode').execute();
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((event) => !event.test_mode)).toBe(true);
      // None is a demo sale (decision 057), so no organiser's figures show demo money: it is all play money.
      const rows = await demoRows(instance);
      expect(rows.orders).toBeGreaterThan(0);
      expect(rows.demoSales).toBe(0);
      const owner = (await instance.signIn('maya@northernlights.demo', printed as string)).json().data;
      const dashboard = await instance.app.inject({
        method: 'GET',
        url: `/api/organizations/${owner.user.organizationId}/dashboard`,
        headers: { authorization: `Bearer ${owner.accessToken}` },
      });
      expect(dashboard.json().data.money.every((money: { gross: number }) => money.gross === 0)).toBe(true);
      expect(dashboard.json().data.testOrders).toBeGreaterThan(0);
      // Its later starts say nothing of demo accounts: their password was shown once.
      const told: string[] = [];
      await describeInstance(instance.config, instance.db, (line) => told.push(line));
      expect(told).toEqual([]);
    } finally {
      await instance.close();
    }
  });

  it('of a local instance gets the demo data only on its embedded database, unless asked', async () => {
    const fresh = await freshDatabaseEnv();
    const instance = await startWith({ DEPLOYMENT: 'local', ...fresh });
    try {
      const seeded = instance.printed.includes('Demo data seeded');
      expect(seeded).toBe(fresh.DATABASE_URL === undefined);
      if (seeded) {
        expect((await instance.signIn('alex@admit.demo', demoPassword)).statusCode).toBe(200);
        await expectDemoDoorAdmitsItsTickets(instance);
      }
      // Every start, not only the first, says how to sign in and where mail goes.
      const told: string[] = [];
      await describeInstance(instance.config, instance.db, (line) => told.push(line));
      const sayings = told.join('\n');
      if (seeded) {
        expect(sayings).toContain(`Sign in with a demo account, password ${demoPassword}:`);
        expect(sayings).toMatch(/admin@admit\.demo +admin/);
        expect(sayings).toMatch(/door@northernlights\.demo +door staff/);
      } else {
        expect(sayings).toContain('No demo accounts here');
        expect(sayings).not.toContain(demoPassword);
      }
      expect(sayings).toContain('/dev/mailbox');
    } finally {
      await instance.close();
    }
  });
});

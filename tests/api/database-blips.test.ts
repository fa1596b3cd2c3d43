import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/connection-loss.ts';
import { eventOnSale, lineAddress, orderBody, placeOrder } from '../fixtures/orders.ts';
import { adminUrl } from '../fixtures/postgres-admin.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// The database's sessions ended under the API's feet (a failover, a restart, an administrator's
// pg_terminate_backend): PostgreSQL only, since PGlite lives inside the process.
const onPostgres = process.env.TEST_DB === 'postgres';

let api: TestApi;
let admin: pg.Client;
let name = '';
/** What reached the process's last-resort handlers: an unheard 'error' event of a connection lands here. */
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  if (!onPostgres) return;
  api = await createTestApi();
  name = (await sql<{ name: string }>`select current_database() as name`.execute(api.database.db)).rows[0]?.name ?? '';
  admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});
afterAll(async () => {
  if (!onPostgres) return;
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  await admin.query(`alter database "${name}" with allow_connections true`);
  await admin.end();
  await api.close();
});

/** Ends every session of the test database but the admin's own; how many it ended. */
async function terminateBackends(): Promise<number> {
  const { rows } = await admin.query(
    'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) ended',
    [name],
  );
  return rows[0].n as number;
}

const ready = () => api.app.inject({ method: 'GET', url: '/api/ready' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 503 as a person reads it: the envelope, a sentence, when to try again, and nothing of the driver's wording. */
function expectReadableUnavailable(response: Awaited<ReturnType<typeof ready>>) {
  expect(response.json()).toMatchObject({ httpStatus: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/^[A-Z].*\.$/) });
  expect(response.body).not.toMatch(/terminat|FATAL|57P01|pg_|stack/i);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.runIf(onPostgres)('the database ending its sessions during a rush of buyers', () => {
  it('costs no process, no answer and no acknowledged order; a retry with the same key answers the same order', {
    timeout: 60_000,
  }, async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Rush', price: 1500, currency: 'GBP', capacity: 500 }],
    });
    const rush = (types[0] as { id: string }).id;
    const buyers = Array.from({ length: 80 }, (_, index) => ({
      key: randomUUID(),
      body: orderBody(event.id, [{ ticketTypeId: rush, quantity: 1 }]),
      address: lineAddress(index),
    }));
    const orders = buyers.map((buyer) => placeOrder(api.app, buyer.body, { key: buyer.key, remoteAddress: buyer.address }));
    const reads = Array.from({ length: 40 }, (_, index) =>
      api.app.inject({ method: 'GET', url: index % 2 ? `/api/events/${event.id}` : '/api/ready' }),
    );
    // Ended three times while the orders queue on the pool's four connections.
    let ended = 0;
    for (const wait of [5, 40, 80]) {
      await pause(wait);
      ended += await terminateBackends();
    }
    const answers = await Promise.all(orders);
    const readAnswers = await Promise.all(reads);
    expect(ended).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);

    for (const response of [...answers, ...readAnswers]) {
      expect([200, 201, 503]).toContain(response.statusCode);
      if (response.statusCode === 503) expectReadableUnavailable(response);
    }
    // Every order the buyer was told about is in the database.
    const acknowledged = answers.filter((response) => response.statusCode === 201).map((response) => response.json().data.id);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await api.database.db.selectFrom('orders').select('id').where('id', 'in', acknowledged).execute();
    expect(stored).toHaveLength(acknowledged.length);

    // Each buyer sends the same request again with the same key: one order each, the one they were told about.
    const again = await Promise.all(
      buyers.map((buyer) => placeOrder(api.app, buyer.body, { key: buyer.key, remoteAddress: buyer.address })),
    );
    for (const [index, response] of again.entries()) {
      expect(response.statusCode).toBe(201);
      const first = answers[index];
      if (first?.statusCode === 201) expect(response.json().data.id).toBe(first.json().data.id);
    }
    const perKey = await api.database.db
      .selectFrom('orders')
      .select(['idempotency_key', (eb) => eb.fn.countAll<string>().as('n')])
      .where('event_id', '=', event.id)
      .groupBy('idempotency_key')
      .execute();
    expect(perKey).toHaveLength(buyers.length);
    expect(perKey.every((row) => Number(row.n) === 1)).toBe(true);
    expect(uncaught).toEqual([]);
    expect((await ready()).statusCode).toBe(200);
  });

  it('fails a statement whose held connection dies with a 503 sentence, and the pool replaces the connection', async () => {
    const failure = await api.database.db
      .connection()
      .execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await pause(50);
        // A write on its own may have been applied when its answer is lost: it is never sent again.
        return sql`insert into rate_limit_counters (key, window_start, hits) values ('blip', now(), 1)`.execute(connection);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(uncaught).toEqual([]);
    expect((await sql<{ n: number }>`select 1 as n`.execute(api.database.db)).rows[0]?.n).toBe(1);
  });

  it('answers a read whose connection is ended while it runs, on another connection', async () => {
    const read = sql<{ n: number }>`select 7 as n from pg_sleep(0.4)`.execute(api.database.db);
    await pause(100);
    expect(await terminateBackends()).toBeGreaterThan(0);
    expect((await read).rows[0]?.n).toBe(7);
  });

  it('runs a transaction again when its connection is ended before its COMMIT', async () => {
    let attempts = 0;
    const answer = await api.database.db.transaction().execute(async (trx) => {
      attempts += 1;
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      if (attempts === 1) {
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await pause(50);
      }
      return (await sql<{ n: number }>`select ${attempts}::int as n`.execute(trx)).rows[0]?.n;
    });
    expect({ attempts, answer }).toEqual({ attempts: 2, answer: 2 });
  });

  it('reports the database unavailable while it refuses connections, and ready within 2 s of its return', async () => {
    await admin.query(`alter database "${name}" with allow_connections false`);
    try {
      await terminateBackends();
      const away = await ready();
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({ httpStatus: 'SERVICE_UNAVAILABLE', data: { database: 'unreachable' } });
      // Answered by the route rather than thrown, it still says when to try again.
      expectReadableUnavailable(away);
      const events = await api.app.inject({ method: 'GET', url: '/api/events' });
      expect(events.statusCode).toBe(503);
      expectReadableUnavailable(events);
    } finally {
      await admin.query(`alter database "${name}" with allow_connections true`);
    }
    const back = Date.now();
    let answer = await ready();
    while (answer.statusCode !== 200 && Date.now() - back < 2000) {
      await pause(50);
      answer = await ready();
    }
    expect(answer.statusCode).toBe(200);
    expect(Date.now() - back).toBeLessThan(2000);
    expect(uncaught).toEqual([]);
  });
});

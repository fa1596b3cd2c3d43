import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPlugin } from '../../server/app.ts';
import { createDatabase, type Db } from '../../server/db/database.ts';
import { eventOnSale, lineAddress, type OrderView, orderBody, paySandbox, placeOrder, soldAndHeld } from '../fixtures/orders.ts';
import { databaseUrl } from '../fixtures/postgres-admin.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Two API instances, each with its own connection pool, on one PostgreSQL database: what a
// deployment behind a load balancer looks like. (PGlite is one process's database: not applicable.)
const onPostgres = process.env.TEST_DB === 'postgres';

let api: TestApi;
let second: { app: FastifyInstance; db: Db } | undefined;
beforeAll(async () => {
  api = await createTestApi();
  if (!onPostgres) return;
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(api.database.db);
  const db = createDatabase({ databaseUrl: databaseUrl(rows[0]?.name ?? ''), dataDir: 'unused', poolSize: 8 });
  const app = Fastify({ logger: false });
  // Same secret: a buyer's access token and the sandbox's webhooks work on either instance.
  const config = { ...api.config, dataDir: mkdtempSync(join(tmpdir(), 'admit-api-b-')) };
  await app.register(apiPlugin, { config, db, prefix: '/api' });
  await app.ready();
  second = { app, db };
});
afterAll(async () => {
  await second?.app.close();
  await second?.db.destroy();
  await api.close();
});

describe.runIf(onPostgres)('two app instances on one PostgreSQL', () => {
  it('sell exactly 100 of 100 tickets to 500 buyers split between them', { timeout: 120_000 }, async () => {
    const { event, types } = await eventOnSale(api.app, api.database.db, {
      ticketTypes: [{ name: 'Rush', price: 1000, currency: 'GBP', capacity: 100 }],
    });
    const rush = (types[0] as { id: string }).id;
    const apps = [api.app, second?.app as FastifyInstance];
    // 500 people, each on their own line (one network's holds are limited: see order-network-limits.test.ts).
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        placeOrder(apps[index % 2] as FastifyInstance, orderBody(event.id, [{ ticketTypeId: rush, quantity: 1 }]), {
          remoteAddress: lineAddress(index),
        }),
      ),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(responses.filter((response) => ![201, 409].includes(response.statusCode))).toEqual([]);
    expect(created).toHaveLength(100);

    // Pay every held order, alternating instances: exactly 100 tickets are issued.
    const payments = await Promise.all(
      created.map((response, index) => paySandbox(apps[index % 2] as FastifyInstance, response.json().data as OrderView)),
    );
    expect(payments.every((response) => response.statusCode === 200)).toBe(true);
    expect(await soldAndHeld(api.database.db, rush)).toEqual({ sold: 100, held: 0, capacity: 100 });
    const tickets = await api.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ticket_type_id', '=', rush)
      .executeTakeFirstOrThrow();
    expect(Number(tickets.n)).toBe(100);
  });
});

// The booking bench's machinery: the event it sells and the buyers' HTTP client (scratch databases are in
// scratch-postgres.ts, the API server in server-process.ts). The measurements are in booking-load.ts and
// booking-chaos.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createAccessTokens } from '../server/lib/auth/access-tokens.ts';
import { KeepAliveClient } from './keepalive-client.ts';

/** Concurrent buyers, as many as pgbench's clients. */
export const buyers = 64;
export interface Fixture {
  eventId: string;
  openTypeId: string;
  freeTypeId: string;
  rushTypeId: string;
  /** Signed-in buyers with confirmed emails, for the free orders (see freeBuyer). */
  freeBuyers: FreeBuyer[];
}

export interface FreeBuyer {
  name: string;
  email: string;
  authorization: string;
}

/** What the bench's server signs access tokens with (its JWT_SECRET), so the bench can sign its buyers' own. */
export const benchJwtSecret = randomBytes(32).toString('base64url');

/** Accounts made for the free orders: each takes one buyer's 10 tickets, 60,000 free orders in all. */
const freeAccounts = 6000;

/**
 * Confirmed accounts made straight in the database, each with an access token: a guest's free tickets wait for
 * the code mailed to their email (decision 021), while a signed-in buyer with a confirmed email gets them in one
 * request, which is what the free rounds measure.
 */
async function confirmedBuyers(db: Db, count: number): Promise<FreeBuyer[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `free.${index}.${randomUUID().slice(0, 8)}@example.test`,
    first_name: 'Free',
    last_name: 'Buyer',
    password_hash: 'not-for-signing-in',
    date_of_birth: '1990-01-01',
    user_type: 'attendee' as const,
    email_confirmed_at: new Date(),
  }));
  const users: { id: string; email: string }[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    users.push(
      ...(await db
        .insertInto('users')
        .values(rows.slice(start, start + 500))
        .returning(['id', 'email'])
        .execute()),
    );
  }
  const tokens = createAccessTokens(benchJwtSecret, 24 * 3600);
  return Promise.all(
    users.map(async (user) => {
      const { token } = await tokens.sign({ sub: user.id, platforms: ['attendee'], org: null });
      return { name: 'Free Buyer', email: user.email, authorization: `Bearer ${token}` };
    }),
  );
}

const freeOrders = new WeakMap<Fixture, number>();
/** The signed-in buyer of the next free order: each account in turn, for its 10 tickets. */
export function freeBuyer(fixture: Fixture): FreeBuyer {
  const placed = freeOrders.get(fixture) ?? 0;
  const next = fixture.freeBuyers[Math.floor(placed / 10)];
  freeOrders.set(fixture, placed + 1);
  if (!next) throw new Error('the bench ran out of free buyers');
  return next;
}

/** The discount code of the bench's coded orders. */
export const benchCode = 'BENCH-10';

/** A published event with an ample paid type, a free type, and a 100-ticket type for the rush. */
export async function prepare(db: Db): Promise<Fixture> {
  await migrateToLatest(db);
  // The server would otherwise seed demo data on its first start; the bench brings its own.
  await db.insertInto('app_meta').values({ key: 'demo_data_seeded_at', value: new Date().toISOString() }).execute();
  const organization = await db
    .insertInto('organizations')
    .values({ name: 'Bench Promotions', kyc_status: 'verified', payouts_enabled: true, charges_enabled: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await db
    .insertInto('events')
    .values({
      organization_id: organization.id,
      title: 'Bench Night',
      category: 'music',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 4 * 3600 * 1000),
      timezone: 'Europe/London',
      venue_name: 'Bench Hall',
      address: '1 Bench Road',
      city: 'Leeds',
      status: 'published',
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = (name: string, price: number, capacity: number, sortOrder: number) => ({
    event_id: event.id,
    name,
    price,
    currency: 'GBP',
    capacity,
    sort_order: sortOrder,
  });
  const types = await db
    .insertInto('ticket_types')
    .values([type('Open', 1500, 1_000_000, 0), type('Free', 0, 1_000_000, 1), type('Rush', 1500, 100, 2)])
    .returning(['id', 'name'])
    .execute();
  const id = (name: string) => types.find((row) => row.name === name)?.id as string;
  // A code every coded order uses: 10% off, with a total so large it never runs out, so its count is taken each time.
  await db
    .insertInto('discount_codes')
    .values({ event_id: event.id, code: benchCode, kind: 'percent', value: 10, max_uses: 100_000_000 })
    .execute();
  return {
    eventId: event.id,
    openTypeId: id('Open'),
    freeTypeId: id('Free'),
    rushTypeId: id('Rush'),
    freeBuyers: await confirmedBuyers(db, freeAccounts),
  };
}

/** Tickets beyond capacity over every ticket type: those issued and those held by live orders. */
export async function oversoldIn(db: Db): Promise<number> {
  const { rows } = await sql<{ over: string }>`
    select coalesce(sum(greatest(0, k.issued + h.held - t.capacity)), 0) as over from ticket_types t
    cross join lateral (select count(*) as issued from tickets k where k.ticket_type_id = t.id and k.status = 'valid') k
    cross join lateral (select coalesce(sum(i.quantity), 0) as held from order_items i join orders o on o.id = i.order_id
      where i.ticket_type_id = t.id and o.status in ('pending', 'failed')) h`.execute(db);
  return Number(rows[0]?.over ?? 0);
}

let buyerCounter = 0;
export const buyer = () => {
  buyerCounter += 1;
  return { name: 'Bench Buyer', email: `bench.${buyerCounter}.${randomUUID().slice(0, 8)}@example.test` };
};

const clients = new Map<string, KeepAliveClient>();

/** A JSON POST on a kept-alive connection (see keepalive-client.ts); the reply's status and parsed body. */
export async function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  let client = clients.get(baseUrl);
  if (!client) {
    client = new KeepAliveClient(baseUrl);
    clients.set(baseUrl, client);
  }
  const reply = await client.request('POST', path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
  return { status: reply.status, body: JSON.parse(reply.body) as { data?: Record<string, unknown> } };
}

/** Closes every connection the buyers opened. */
export function closeClients(): void {
  for (const client of clients.values()) client.close();
  clients.clear();
}

import { sql } from 'kysely';
import { unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import type { Executor } from '../../db/database.ts';

/** Orders that were paid (refunded ones too: they were sales until given back). */
const paidStatuses = ['paid', 'partially_refunded', 'refunded'] as const;

/** Money per currency from orders paid since `since`, TEST (sandbox) orders apart. */
export function moneyByCurrency(db: Executor, since: Date) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'currency',
      eb.fn.countAll<string>().as('orders'),
      sql<string>`coalesce(sum(total - refunded), 0)`.as('sales'),
      sql<string>`coalesce(sum(booking_fee), 0)`.as('fees'),
    ])
    .where('status', 'in', paidStatuses)
    .where('provider', '!=', 'sandbox')
    .where('paid_at', '>=', since)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}

export async function testOrderCount(db: Executor, since: Date): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', paidStatuses)
    .where('provider', '=', 'sandbox')
    .where('paid_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Paid orders (TEST apart) and sign-ups per UTC day since `since`. */
export async function perDay(db: Executor, since: Date) {
  const orders = await db
    .selectFrom('orders')
    .select([sql<string>`to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', 'in', paidStatuses)
    .where('provider', '!=', 'sandbox')
    .where('paid_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  const signups = await db
    .selectFrom('users')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .where('created_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return { orders, signups };
}

export async function signupCount(db: Executor, since: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The events with the most paid orders since `since`. */
export function topEvents(db: Executor, since: Date, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select(['events.id', 'events.title', (eb) => eb.fn.countAll<string>().as('orders')])
    .where('orders.status', 'in', paidStatuses)
    .where('orders.provider', '!=', 'sandbox')
    .where('orders.paid_at', '>=', since)
    .groupBy(['events.id', 'events.title'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('events.id')
    .limit(limit)
    .execute();
}

/** Work that waits on an administrator, counted in one statement: each figure links to the page that works it. */
export async function waitingCounts(db: Executor, now: Date, since: Date, mailAttempts: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('events')
        .innerJoin('organizations', 'organizations.id', 'events.organization_id')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('events.status', '=', 'published')
        .where('organizations.suspended_at', 'is', null)
        .where('events.ends_at', '>', now)
        .as('events_on_sale'),
      eb
        .selectFrom('organizations')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('kyc_status', '=', 'pending')
        .as('organisers_to_review'),
      eb
        .selectFrom('help_cases')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('state', 'in', ['new', 'open'])
        .as('open_cases'),
      eb
        .selectFrom('mail_outbox')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('sent_at', 'is', null)
        .where('attempts', '>=', mailAttempts)
        .as('undelivered_mail'),
      eb
        .selectFrom('payment_events')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('outcome', '=', unmatchedWebhookOutcome)
        .where('received_at', '>=', since)
        .as('failed_webhooks'),
    ])
    .executeTakeFirstOrThrow();
  return {
    eventsOnSale: Number(row.events_on_sale),
    organisersToReview: Number(row.organisers_to_review),
    openCases: Number(row.open_cases),
    undeliveredMail: Number(row.undelivered_mail),
    failedWebhooks: Number(row.failed_webhooks),
  };
}

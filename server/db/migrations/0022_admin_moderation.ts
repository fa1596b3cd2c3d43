import { type Kysely, sql } from 'kysely';

// The admin console's events and orders pages: an event can be featured on the home page, or suspended by an
// administrator (unpublished, with the reason its organiser was sent; it cannot be published again until lifted).
// The admin lists (orders, tickets, events, payments, refunds, webhook deliveries), newest first across the
// platform, read an index in that order; an order is found by its buyer's email whatever its case.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events
    add column featured_at timestamptz,
    add column suspended_at timestamptz,
    add column suspension_reason text`.execute(db);
  await sql`create index events_featured_idx on events (featured_at) where featured_at is not null`.execute(db);
  await sql`create index events_created_idx on events (created_at desc, id desc)`.execute(db);
  await sql`create index orders_created_idx on orders (created_at desc, id desc)`.execute(db);
  await sql`create index orders_lower_email_idx on orders (lower(buyer_email), created_at desc)`.execute(db);
  await sql`create index tickets_created_idx on tickets (created_at desc, id desc)`.execute(db);
  await sql`create index payments_created_idx on payments (created_at desc, id desc)`.execute(db);
  await sql`create index refunds_created_idx on refunds (created_at desc, id desc)`.execute(db);
  await sql`create index payment_events_received_idx on payment_events (received_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'payment_events_received_idx',
    'refunds_created_idx',
    'payments_created_idx',
    'tickets_created_idx',
    'orders_lower_email_idx',
    'orders_created_idx',
    'events_created_idx',
    'events_featured_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(index)}`.execute(db);
  }
  await sql`alter table events drop column featured_at, drop column suspended_at, drop column suspension_reason`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// Payouts (issue 18): what the sandbox pays an organisation, per currency, for the orders of events that ended.
// Each order is paid out once (payout_orders' primary key), and each payout writes one `payout` ledger entry per
// order it covers (minus the order's net: ticket money less ticket refunds), so the transactions ledger nets every
// paid-out order to zero and its payout rows add up to the payout to the cent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organization_id', 'uuid', (col) => col.notNull().references('organizations.id').onDelete('restrict'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('order_count', 'integer', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('paid').check(sql`status in ('paid')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index payouts_organization_idx on payouts (organization_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('payout_orders')
    .addColumn('order_id', 'uuid', (col) => col.primaryKey().references('orders.id').onDelete('restrict'))
    .addColumn('payout_id', 'uuid', (col) => col.notNull().references('payouts.id').onDelete('restrict'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .execute();
  await sql`create index payout_orders_payout_idx on payout_orders (payout_id)`.execute(db);

  await sql`alter table ledger_entries add column payout_id uuid references payouts (id)`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('charge', 'booking_fee', 'refund', 'booking_fee_refund', 'payout'))`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_sign`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_sign check (
    (kind in ('charge', 'booking_fee') and amount >= 0) or (kind in ('refund', 'booking_fee_refund', 'payout') and amount <= 0))`.execute(
    db,
  );
  await sql`create index ledger_entries_payout_idx on ledger_entries (payout_id) where payout_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_entries_payout_idx`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_sign`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_sign check (
    (kind in ('charge', 'booking_fee') and amount >= 0) or (kind in ('refund', 'booking_fee_refund') and amount <= 0))`.execute(
    db,
  );
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('charge', 'booking_fee', 'refund', 'booking_fee_refund'))`.execute(db);
  await sql`alter table ledger_entries drop column payout_id`.execute(db);
  await db.schema.dropTable('payout_orders').execute();
  await db.schema.dropTable('payouts').execute();
}

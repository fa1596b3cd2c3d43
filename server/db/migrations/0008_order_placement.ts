import { type Kysely, sql } from 'kysely';

// Placing an order in one batch, with plans that stay good when its statements are prepared once per connection.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A statement can refuse a request: `admit_refuse(reason, detail)` raises an error the application reads
  // back (SQLSTATE P0001, message `admit_refused`, detail `reason:detail`). A check written this way can be
  // sent in the same batch as the writes it guards, since its failure rolls the whole transaction back.
  await sql`
    create function admit_refuse(reason text, detail text) returns boolean language plpgsql as $$
    begin
      raise exception using errcode = 'P0001', message = 'admit_refused', detail = reason || ':' || coalesce(detail, '');
    end $$`.execute(db);

  // Live holds by event and expiry: one event's lapsed holds are found without reading its other orders,
  // and the sweeper reads this small index whole. It replaces the index of live holds by expiry alone.
  await sql`create index orders_event_holding_idx on orders (event_id, hold_expires_at) where status in ('pending', 'failed')`.execute(
    db,
  );
  await db.schema.dropIndex('orders_holding_idx').execute();
  // A buyer's orders for one event, by account as well as by email (orders_buyer_idx).
  await db.schema.createIndex('orders_user_event_idx').on('orders').columns(['user_id', 'event_id']).execute();
  await db.schema.dropIndex('orders_user_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
  await db.schema.dropIndex('orders_user_event_idx').execute();
  await sql`create index orders_holding_idx on orders (hold_expires_at) where status in ('pending', 'failed')`.execute(db);
  await db.schema.dropIndex('orders_event_holding_idx').execute();
  await sql`drop function admit_refuse(text, text)`.execute(db);
}

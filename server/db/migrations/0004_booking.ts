import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The platform's booking fee; the newest rule in force applies. Rules are added, never edited,
  // so an order always shows the rule it was priced with (its items keep the fee per ticket).
  await db.schema
    .createTable('booking_fee_rules')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('percent_basis_points', 'integer', (col) => col.notNull().check(sql`percent_basis_points between 0 and 10000`))
    .addColumn('fixed', 'integer', (col) => col.notNull().check(sql`fixed >= 0`))
    .addColumn('cap_per_ticket', 'integer', (col) => col.check(sql`cap_per_ticket >= 0`))
    .addColumn('effective_from', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  // Every database prices orders from its first day: 2.5% + 49 minor units per paid ticket, at most 500.
  await sql`insert into booking_fee_rules (percent_basis_points, fixed, cap_per_ticket, effective_from)
    values (250, 49, 500, '2000-01-01T00:00:00Z')`.execute(db);

  // Held tickets sit beside sold ones on the type itself, so one conditional UPDATE of one row
  // reserves stock and the CHECK makes an oversell impossible whatever the application does.
  await db.schema
    .alterTable('ticket_types')
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0).check(sql`held >= 0`))
    .execute();
  await sql`alter table ticket_types add constraint ticket_types_within_capacity check (sold + held <= capacity)`.execute(db);

  // A Stripe connected account receives an organisation's ticket money when it has one.
  await db.schema.alterTable('organizations').addColumn('stripe_account_id', 'text').execute();

  // Attachments of queued mail (QR images, calendar files), base64 in JSON.
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attachments', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('restrict'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_email', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'cancelled')`),
    )
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('subtotal', 'integer', (col) => col.notNull().check(sql`subtotal >= 0`))
    .addColumn('booking_fee', 'integer', (col) => col.notNull().check(sql`booking_fee >= 0`))
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('sandbox', 'stripe', 'none')`))
    .addColumn('hold_expires_at', 'timestamptz')
    .addColumn('failure_reason', 'text')
    // A repeat of the same request (same key in the same scope) answers with this order.
    .addColumn('idempotency_scope', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addCheckConstraint('orders_total_adds_up', sql`total = subtotal + booking_fee`)
    .addCheckConstraint('orders_refund_within_total', sql`refunded between 0 and total`)
    .addUniqueConstraint('orders_idempotency_key', ['idempotency_scope', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_event_idx').on('orders').columns(['event_id', 'created_at']).execute();
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_buyer_idx').on('orders').columns(['buyer_email', 'event_id']).execute();
  // Orders whose hold is live: the sweeper and the per-buyer limit look here.
  await sql`create index orders_holding_idx on orders (hold_expires_at) where status in ('pending', 'failed')`.execute(db);

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('ticket_type_id', 'uuid', (col) => col.notNull().references('ticket_types.id').onDelete('restrict'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price', 'integer', (col) => col.notNull().check(sql`unit_price >= 0`))
    .addColumn('unit_fee', 'integer', (col) => col.notNull().check(sql`unit_fee >= 0`))
    // Names to print on this type's tickets, in order; tickets are issued later, when paid.
    .addColumn('holder_names', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('order_items_pkey', ['order_id', 'ticket_type_id'])
    .execute();

  // One Ed25519 pair per event; the private key is used here to sign and is never served.
  await db.schema
    .createTable('event_signing_keys')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (col) => col.notNull().unique().references('events.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('ticket_type_id', 'uuid', (col) => col.notNull().references('ticket_types.id').onDelete('restrict'))
    .addColumn('holder_name', 'text', (col) => col.notNull())
    // Place within the order, so tickets (and the names on them) keep the order they were bought in.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('valid').check(sql`status in ('valid', 'voided')`))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('unit_price', 'integer', (col) => col.notNull())
    .addColumn('unit_fee', 'integer', (col) => col.notNull())
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addCheckConstraint('tickets_voided_when', sql`(status = 'voided') = (voided_at is not null)`)
    .execute();
  await db.schema.createIndex('tickets_order_idx').on('tickets').column('order_id').execute();
  await db.schema.createIndex('tickets_event_idx').on('tickets').columns(['event_id', 'status']).execute();

  // Codes that must no longer admit anyone, served to the door with the event's public keys.
  await db.schema
    .createTable('ticket_revocations')
    .addColumn('ticket_id', 'uuid', (col) => col.primaryKey().references('tickets.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('ticket_revocations_event_idx').on('ticket_revocations').column('event_id').execute();

  // One row per checkout session at a provider; its status changes only through webhooks.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('sandbox', 'stripe')`))
    .addColumn('session_id', 'text')
    .addColumn('payment_ref', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status in ('open', 'succeeded', 'failed', 'expired')`),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('payments_session_key', ['provider', 'session_id'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

  // Every webhook received, once: the unique provider event id makes redelivery a no-op.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_event_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('payment_events_provider_event_key', ['provider', 'provider_event_id'])
    .execute();

  // A refund is decided in one transaction (tickets voided, ledger written) and carried out at the
  // provider afterwards; `status` says whether the provider has done it yet.
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('fee_amount', 'integer', (col) => col.notNull().check(sql`fee_amount >= 0 and fee_amount <= amount`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('ticket_ids', 'jsonb', (col) => col.notNull())
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('payment_ref', 'text')
    .addColumn('provider_refund_id', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('refunds_idempotency_key', ['order_id', 'idempotency_key'])
    .execute();
  await sql`create index refunds_pending_idx on refunds (created_at) where status = 'pending'`.execute(db);

  // Money movements, append-only: charge (ticket money in), booking_fee (fee in), refund and
  // booking_fee_refund (negative, money out). An order's rows sum to what it kept.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('event_id', 'uuid', (col) => col.notNull().references('events.id').onDelete('restrict'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('charge', 'booking_fee', 'refund', 'booking_fee_refund')`),
    )
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'uuid', (col) => col.references('payments.id'))
    .addColumn('refund_id', 'uuid', (col) => col.references('refunds.id'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addCheckConstraint(
      'ledger_entries_sign',
      sql`(kind in ('charge', 'booking_fee') and amount >= 0) or (kind in ('refund', 'booking_fee_refund') and amount <= 0)`,
    )
    .execute();
  await db.schema.createIndex('ledger_entries_order_idx').on('ledger_entries').column('order_id').execute();
  await db.schema.createIndex('ledger_entries_event_idx').on('ledger_entries').columns(['event_id', 'created_at']).execute();
  // Append-only in the database itself: a correction is a new row, never an edit.
  await sql`create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin raise exception 'ledger entries are append-only'; end $$`.execute(db);
  await sql`create trigger ledger_entries_no_change before update or delete on ledger_entries
    for each row execute function ledger_entries_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists ledger_entries_no_change on ledger_entries`.execute(db);
  await sql`drop function if exists ledger_entries_append_only()`.execute(db);
  for (const table of [
    'ledger_entries',
    'refunds',
    'payment_events',
    'payments',
    'ticket_revocations',
    'tickets',
    'event_signing_keys',
    'order_items',
    'orders',
    'booking_fee_rules',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await db.schema.alterTable('organizations').dropColumn('stripe_account_id').execute();
  await sql`alter table ticket_types drop constraint ticket_types_within_capacity`.execute(db);
  await db.schema.alterTable('ticket_types').dropColumn('held').execute();
}

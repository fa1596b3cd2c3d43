import { type Kysely, sql } from 'kysely';

// Free tickets wait for a proven email, and what one network takes of an event is counted (decision 021).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The network an order placed by an unproven buyer came from (an IPv4 address or an IPv6 /64); null when it
  // is not counted (a confirmed account buying with its own email, an order the server placed itself).
  await sql`alter table orders add column network_prefix text`.execute(db);
  // A network's live holds of an event, and its free tickets held or issued: read only when its count in
  // network_ticket_counts says it may be over a limit, so each lookup finds no more than the limit's worth.
  await sql`create index orders_network_holding_idx on orders (event_id, network_prefix)
    where network_prefix is not null and status in ('pending', 'failed')`.execute(db);
  await sql`create index orders_network_free_idx on orders (event_id, network_prefix)
    where network_prefix is not null and total = 0 and status in ('pending', 'failed', 'paid', 'partially_refunded', 'refunded')`.execute(
    db,
  );

  // Tickets ever placed per event and network by unproven buyers, free and paid apart. Only ever raised (by
  // the order that places them, in its transaction), so it is never below what the network holds or owns.
  await sql`create table network_ticket_counts (
    event_id uuid not null references events (id) on delete cascade,
    network_prefix text not null,
    free_tickets integer not null default 0,
    paid_tickets integer not null default 0,
    primary key (event_id, network_prefix)
  )`.execute(db);

  // The code that proves a free order's email: its keyed hash, the wrong tries and how many times it was sent.
  await sql`create table order_email_codes (
    order_id uuid primary key references orders (id) on delete cascade,
    code_hash text not null,
    wrong_tries integer not null default 0,
    sends integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_email_codes`.execute(db);
  await sql`drop table network_ticket_counts`.execute(db);
  await sql`drop index orders_network_free_idx`.execute(db);
  await sql`drop index orders_network_holding_idx`.execute(db);
  await sql`alter table orders drop column network_prefix`.execute(db);
}

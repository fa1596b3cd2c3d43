import { type Kysely, sql } from 'kysely';

// An event's waiting list (issue 37, decision 063). `waiting_lists` holds the organiser's settings, one row per event
// that has any; `waiting_list_entries` one person's place in a ticket type's queue. An offer holds its places in the
// type's `taken` (through the orders domain, as a hold does), so every count that judges what is left sees them. A
// person's links carry their entry's id signed with the server secret, so nothing secret is stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table waiting_lists (
    event_id uuid primary key references events(id) on delete cascade,
    enabled boolean not null default false,
    automatic boolean not null default true,
    offer_hours integer not null default 24 check (offer_hours between 1 and 168),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table waiting_list_entries (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    ticket_type_id uuid not null references ticket_types(id) on delete cascade,
    email text not null,
    name text not null,
    user_id uuid references users(id) on delete set null,
    quantity integer not null check (quantity between 1 and 10),
    status text not null check (status in ('unconfirmed', 'waiting', 'offered', 'accepted', 'lapsed', 'left', 'removed')),
    queued_at timestamptz,
    offered_quantity integer check (offered_quantity > 0),
    offered_at timestamptz,
    offer_expires_at timestamptz,
    -- Checked at COMMIT: an order placed with an offer takes it before the order's row is written.
    order_id uuid references orders(id) on delete set null deferrable initially deferred,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint waiting_list_entries_queued check (status = 'unconfirmed' or queued_at is not null),
    constraint waiting_list_entries_offer check (status <> 'offered' or (offered_quantity is not null and offer_expires_at is not null))
  )`.execute(db);
  // One live place per person and type: joining again answers the place they have.
  await sql`create unique index waiting_list_entries_one_place on waiting_list_entries (ticket_type_id, email)
    where status in ('unconfirmed', 'waiting', 'offered')`.execute(db);
  // The queue, in arrival order, and the offers the sweeper lapses.
  await sql`create index waiting_list_entries_queue on waiting_list_entries (event_id, queued_at, id)
    where status = 'waiting'`.execute(db);
  await sql`create index waiting_list_entries_offers on waiting_list_entries (offer_expires_at)
    where status = 'offered'`.execute(db);
  await sql`create index waiting_list_entries_event on waiting_list_entries (event_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table waiting_list_entries`.execute(db);
  await sql`drop table waiting_lists`.execute(db);
}

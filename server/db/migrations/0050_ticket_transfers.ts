import { type Kysely, sql } from 'kysely';

// Holders pass tickets on and correct names where the organiser allows (issue 39, decision 069).
// - `events.transfer_cutoff_hours`: null while holders may not change tickets (the default for events made before);
//   else changes are open until this many hours before the start (0: until the start).
// - `tickets.holder_version`: bumped by every change of holder, so two changes made from the same view cannot both win.
// - `ticket_transfers`: who held a ticket before whom, written by the orders domain only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column transfer_cutoff_hours integer
    check (transfer_cutoff_hours is null or transfer_cutoff_hours between 0 and 720)`.execute(db);
  await sql`alter table tickets add column holder_version integer not null default 0`.execute(db);
  await sql`create table ticket_transfers (
    id uuid primary key default gen_random_uuid(),
    ticket_id uuid not null references tickets(id) on delete cascade,
    order_id uuid not null references orders(id) on delete cascade,
    event_id uuid not null references events(id) on delete cascade,
    kind text not null check (kind in ('transfer', 'rename')),
    from_name text not null,
    from_email text,
    to_name text not null,
    to_email text,
    by_user_id uuid references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index ticket_transfers_order on ticket_transfers (order_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ticket_transfers`.execute(db);
  await sql`alter table tickets drop column holder_version`.execute(db);
  await sql`alter table events drop column transfer_cutoff_hours`.execute(db);
}

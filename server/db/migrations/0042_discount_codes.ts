import { type Kysely, sql } from 'kysely';

// Discount and access codes (decision 060). A code's uses are counted on its row: an order placed with it takes a
// use in its own transaction (refused past `max_uses`, see codeUseQuery), and an order that ends without being paid
// (its hold lapsed, it was cancelled) gives it back, here, whichever path ended it; a late payment that brings such
// an order back takes it again, even past the limit, since the buyer has paid.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table discount_codes (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    code text not null,
    kind text check (kind in ('percent', 'amount', 'price')),
    value integer check (value >= 0),
    per_order boolean not null default false,
    ticket_type_ids uuid[] not null default '{}',
    unlocks_ticket_type_ids uuid[] not null default '{}',
    max_uses integer check (max_uses > 0),
    max_uses_per_buyer integer check (max_uses_per_buyer > 0),
    min_quantity integer check (min_quantity > 0),
    starts_at timestamptz,
    ends_at timestamptz,
    note text not null default '',
    uses integer not null default 0,
    version integer not null default 1,
    archived_at timestamptz,
    created_by uuid references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint discount_codes_event_code unique (event_id, code)
  )`.execute(db);
  await sql`alter table orders add column discount_code_id uuid references discount_codes(id)`.execute(db);
  // The code's text is kept with the order as the buyer used it: a code's text never changes, and every view of an
  // order shows it without a join.
  await sql`alter table orders add column discount_code text`.execute(db);
  await sql`alter table orders add column discount integer not null default 0`.execute(db);
  await sql`create index orders_discount_code on orders (discount_code_id) where discount_code_id is not null`.execute(db);
  await sql`create function discount_code_uses() returns trigger language plpgsql as $$
    begin
      if old.status in ('pending', 'failed') and new.status in ('expired', 'cancelled') then
        update discount_codes set uses = uses - 1 where id = new.discount_code_id;
      elsif old.status in ('expired', 'cancelled') and new.status not in ('expired', 'cancelled') then
        update discount_codes set uses = uses + 1 where id = new.discount_code_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_discount_code_uses after update of status on orders
    for each row when (new.discount_code_id is not null and old.status is distinct from new.status)
    execute function discount_code_uses()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger orders_discount_code_uses on orders`.execute(db);
  await sql`drop function discount_code_uses()`.execute(db);
  await sql`alter table orders drop column discount_code_id`.execute(db);
  await sql`alter table orders drop column discount_code`.execute(db);
  await sql`alter table orders drop column discount`.execute(db);
  await sql`drop table discount_codes`.execute(db);
}

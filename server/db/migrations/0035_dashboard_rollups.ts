import { type Kysely, sql } from 'kysely';

// Organiser dashboard at scale (issue 18, decision 043): what the dashboard sums on every poll is kept as it is
// written, by triggers, so a poll reads a few rows per event instead of every order, ticket, ledger entry and
// admission. Each rollup is spread over up to 16 shards (the writing connection's, below) so that a rush of payments
// or scans at one event does not queue on one row's lock, as decision 016 did for stock. The figures they hold are
// checked against the rows they sum in tests/api/dashboard-rollups.test.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The shard is the writing connection's: a row lock lasts until commit, and two transactions that run at the same
  // time are on two connections, so they write two rows unless their backends' ids meet modulo 16. (A shard chosen
  // from the order's id made 64 scanners queue on 8 rows: 1,067 check-ins/s against 6,181 without the rollups.)
  await sql`create function rollup_shard() returns smallint language sql volatile
    as $$ select (pg_backend_pid() % 16)::smallint $$`.execute(db);

  // Money per event, UTC day of the ledger entry, currency and TEST or not: the sums `ledgerMoneySums` reads.
  // The ledger is append-only, so an insert trigger keeps it exact.
  await sql`
    create table event_money_days (
      event_id uuid not null references events (id) on delete cascade,
      day date not null,
      currency text not null,
      test boolean not null,
      shard smallint not null,
      gross bigint not null default 0,
      fees bigint not null default 0,
      refunds bigint not null default 0,
      entries integer not null default 0,
      primary key (event_id, day, currency, test, shard)
    )`.execute(db);
  // Once per statement: a payment's charge and booking fee, written together, are one upsert.
  await sql`create function ledger_entries_rollup() returns trigger language plpgsql as $$
    begin
      insert into event_money_days as r (event_id, day, currency, test, shard, gross, fees, refunds, entries)
      select n.event_id, (n.created_at at time zone 'UTC')::date, n.currency, o.provider = 'sandbox', rollup_shard(),
             coalesce(sum(n.amount) filter (where n.kind in ('charge', 'booking_fee')), 0),
             coalesce(sum(n.amount) filter (where n.kind in ('booking_fee', 'booking_fee_refund')), 0),
             coalesce(sum(n.amount) filter (where n.kind in ('refund', 'booking_fee_refund')), 0),
             count(*)
        from new_entries n join orders o on o.id = n.order_id
       group by 1, 2, 3, 4
      on conflict (event_id, day, currency, test, shard) do update
        set gross = r.gross + excluded.gross, fees = r.fees + excluded.fees, refunds = r.refunds + excluded.refunds,
            entries = r.entries + excluded.entries;
      return null;
    end $$`.execute(db);
  await sql`create trigger ledger_entries_rollup after insert on ledger_entries referencing new table as new_entries
    for each statement execute function ledger_entries_rollup()`.execute(db);

  // Orders and their valid tickets (how many, their ticket money and booking fees) per event, UTC day (of payment, or
  // of the order when never paid), status, currency and TEST or not. Each order keeps its valid tickets' count and
  // sums (kept by statement triggers on tickets), so an order's contribution is read from its own row: a change
  // takes the old version's away and adds the new one's, whatever order the triggers of one statement run in.
  await sql`alter table orders
    add column valid_tickets integer not null default 0 check (valid_tickets >= 0),
    add column valid_price integer not null default 0,
    add column valid_fee integer not null default 0`.execute(db);
  await sql`update orders set valid_tickets = t.n, valid_price = t.price, valid_fee = t.fee
    from (select order_id, count(*)::integer as n, sum(unit_price)::integer as price, sum(unit_fee)::integer as fee
            from tickets where status = 'valid' group by order_id) t
    where t.order_id = orders.id`.execute(db);
  await sql`
    create table event_order_days (
      event_id uuid not null references events (id) on delete cascade,
      day date not null,
      status text not null,
      currency text not null,
      test boolean not null,
      shard smallint not null,
      orders integer not null default 0,
      -- Orders that paid money, orders with at least one valid ticket, the tickets, and what they were sold for.
      paying_orders integer not null default 0,
      sold_orders integer not null default 0,
      tickets integer not null default 0,
      ticket_money bigint not null default 0,
      ticket_fees bigint not null default 0,
      primary key (event_id, day, status, currency, test, shard)
    )`.execute(db);
  /** Adds to the rollup row of the order's key: so many orders, orders with a sold ticket, tickets, money and fees. */
  await sql`create function order_rollup_put(o orders, orders_delta integer, sold_delta integer, tickets_delta integer,
                                             money_delta bigint, fees_delta bigint) returns void language plpgsql as $$
    begin
      insert into event_order_days as r
        (event_id, day, status, currency, test, shard, orders, paying_orders, sold_orders, tickets, ticket_money, ticket_fees)
      values (o.event_id, (coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, o.status, o.currency,
              o.provider = 'sandbox', rollup_shard(), orders_delta,
              orders_delta * (o.paid_at is not null and o.total > 0)::integer, sold_delta, tickets_delta, money_delta,
              fees_delta)
      on conflict (event_id, day, status, currency, test, shard) do update
        set orders = r.orders + excluded.orders, paying_orders = r.paying_orders + excluded.paying_orders,
            sold_orders = r.sold_orders + excluded.sold_orders,
            tickets = r.tickets + excluded.tickets, ticket_money = r.ticket_money + excluded.ticket_money,
            ticket_fees = r.ticket_fees + excluded.ticket_fees;
    end $$`.execute(db);
  /** The whole of an order (sign 1) or its removal (sign -1). */
  await sql`create function order_rollup_add(o orders, sign integer) returns void language sql as $$
    select order_rollup_put(o, sign, sign * (o.valid_tickets > 0)::integer, sign * o.valid_tickets,
                            sign * o.valid_price, sign * o.valid_fee) $$`.execute(db);
  // An order whose TEST flag changes takes its ledger sums with it.
  await sql`create function order_money_move(o orders, from_test boolean, to_test boolean) returns void
    language plpgsql as $$
    begin
      insert into event_money_days as r (event_id, day, currency, test, shard, gross, fees, refunds, entries)
      select le.event_id, (le.created_at at time zone 'UTC')::date, le.currency, side.test, rollup_shard(),
             side.sign * coalesce(sum(le.amount) filter (where le.kind in ('charge', 'booking_fee')), 0),
             side.sign * coalesce(sum(le.amount) filter (where le.kind in ('booking_fee', 'booking_fee_refund')), 0),
             side.sign * coalesce(sum(le.amount) filter (where le.kind in ('refund', 'booking_fee_refund')), 0),
             side.sign * count(*)
        from ledger_entries le cross join (values (from_test, -1), (to_test, 1)) as side (test, sign)
       where le.order_id = o.id
       group by 1, 2, 3, 4, 5, side.sign
      on conflict (event_id, day, currency, test, shard) do update
        set gross = r.gross + excluded.gross, fees = r.fees + excluded.fees, refunds = r.refunds + excluded.refunds,
            entries = r.entries + excluded.entries;
    end $$`.execute(db);
  await createOrderCountFunctions(db);
  await sql`create trigger orders_rollup after insert or delete or update on orders
    for each row execute function orders_rollup()`.execute(db);
  await sql`create trigger tickets_count_insert after insert on tickets referencing new table as new_tickets
    for each statement execute function tickets_count_new()`.execute(db);
  await sql`create trigger tickets_count_delete after delete on tickets referencing old table as old_tickets
    for each statement execute function tickets_count_old()`.execute(db);
  await sql`create trigger tickets_count_update after update on tickets
    referencing old table as old_tickets new table as new_tickets
    for each statement execute function tickets_count_changed()`.execute(db);

  // Admitted and inside per event: the door's counts, one row per admitted ticket summed as it is written.
  await sql`
    create table event_admission_counts (
      event_id uuid not null references events (id) on delete cascade,
      shard smallint not null,
      admitted integer not null default 0,
      inside integer not null default 0,
      primary key (event_id, shard)
    )`.execute(db);
  await sql`create function admission_rollup_add(event uuid, ticket uuid, admitted_delta integer, inside_delta integer)
    returns void language plpgsql as $$
    begin
      if admitted_delta = 0 and inside_delta = 0 then return; end if;
      insert into event_admission_counts as r (event_id, shard, admitted, inside)
      values (event, rollup_shard(), admitted_delta, inside_delta)
      on conflict (event_id, shard) do update
        set admitted = r.admitted + excluded.admitted, inside = r.inside + excluded.inside;
    end $$`.execute(db);
  await sql`create function ticket_admissions_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.event_id = new.event_id and old.ticket_id = new.ticket_id then
        perform admission_rollup_add(new.event_id, new.ticket_id, 0, new.inside::integer - old.inside::integer);
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then perform admission_rollup_add(old.event_id, old.ticket_id, -1, -old.inside::integer); end if;
      if tg_op in ('UPDATE', 'INSERT') then perform admission_rollup_add(new.event_id, new.ticket_id, 1, new.inside::integer); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_admissions_rollup after insert or delete or update on ticket_admissions
    for each row execute function ticket_admissions_rollup()`.execute(db);

  // What is already there.
  await sql`
    insert into event_money_days (event_id, day, currency, test, shard, gross, fees, refunds, entries)
    select le.event_id, (le.created_at at time zone 'UTC')::date, le.currency, o.provider = 'sandbox', rollup_shard(),
           coalesce(sum(le.amount) filter (where le.kind in ('charge', 'booking_fee')), 0),
           coalesce(sum(le.amount) filter (where le.kind in ('booking_fee', 'booking_fee_refund')), 0),
           coalesce(sum(le.amount) filter (where le.kind in ('refund', 'booking_fee_refund')), 0),
           count(*)
      from ledger_entries le join orders o on o.id = le.order_id
     group by 1, 2, 3, 4, 5`.execute(db);
  await sql`
    insert into event_order_days (event_id, day, status, currency, test, shard, orders, paying_orders, sold_orders, tickets,
                                  ticket_money, ticket_fees)
    select o.event_id, (coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, o.status, o.currency,
           o.provider = 'sandbox', rollup_shard(), count(*), count(*) filter (where o.paid_at is not null and o.total > 0),
           count(*) filter (where o.valid_tickets > 0),
           sum(o.valid_tickets), sum(o.valid_price), sum(o.valid_fee)
      from orders o
     group by 1, 2, 3, 4, 5, 6`.execute(db);
  await sql`
    insert into event_admission_counts (event_id, shard, admitted, inside)
    select event_id, rollup_shard(), count(*), count(*) filter (where inside)
      from ticket_admissions group by 1, 2`.execute(db);
}

/**
 * The functions that keep an order's valid tickets and its rollup rows: created here, and put back by migration 0036's
 * `down` after that migration replaced them.
 */
export async function createOrderCountFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function orders_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then perform order_rollup_add(new, 1); return null; end if;
      if tg_op = 'DELETE' then perform order_rollup_add(old, -1); return null; end if;
      if (old.event_id, old.status, old.currency, old.provider, old.paid_at, old.created_at, old.total)
         is not distinct from (new.event_id, new.status, new.currency, new.provider, new.paid_at, new.created_at, new.total) then
        -- Same row of the rollup: only its tickets changed, if anything did.
        if (old.valid_tickets, old.valid_price, old.valid_fee) is distinct from (new.valid_tickets, new.valid_price, new.valid_fee) then
          perform order_rollup_put(new, 0, (new.valid_tickets > 0)::integer - (old.valid_tickets > 0)::integer,
                                   new.valid_tickets - old.valid_tickets, new.valid_price - old.valid_price,
                                   new.valid_fee - old.valid_fee);
        end if;
        return null;
      end if;
      perform order_rollup_add(old, -1);
      perform order_rollup_add(new, 1);
      if (old.provider = 'sandbox') <> (new.provider = 'sandbox') then
        perform order_money_move(new, old.provider = 'sandbox', new.provider = 'sandbox');
      end if;
      return null;
    end $$`.execute(db);
  // Once per statement, so an order of many tickets is written once, not once per ticket.
  await sql`create or replace function tickets_count_new() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets + t.n, valid_price = valid_price + t.price, valid_fee = valid_fee + t.fee
        from (select order_id, count(*)::integer as n, sum(unit_price)::integer as price, sum(unit_fee)::integer as fee
                from new_tickets where status = 'valid' group by order_id) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
  await sql`create or replace function tickets_count_old() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets - t.n, valid_price = valid_price - t.price, valid_fee = valid_fee - t.fee
        from (select order_id, count(*)::integer as n, sum(unit_price)::integer as price, sum(unit_fee)::integer as fee
                from old_tickets where status = 'valid' group by order_id) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
  await sql`create or replace function tickets_count_changed() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets + t.n, valid_price = valid_price + t.price, valid_fee = valid_fee + t.fee
        from (select order_id, sum(n)::integer as n, sum(price)::integer as price, sum(fee)::integer as fee from (
                select order_id, -1 as n, -unit_price as price, -unit_fee as fee from old_tickets where status = 'valid'
                union all select order_id, 1, unit_price, unit_fee from new_tickets where status = 'valid') c
              group by order_id having sum(n) <> 0 or sum(price) <> 0 or sum(fee) <> 0) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ticket_admissions_rollup on ticket_admissions`.execute(db);
  for (const trigger of ['tickets_count_insert', 'tickets_count_delete', 'tickets_count_update']) {
    await sql.raw(`drop trigger ${trigger} on tickets`).execute(db);
  }
  await sql`drop trigger orders_rollup on orders`.execute(db);
  await sql`drop trigger ledger_entries_rollup on ledger_entries`.execute(db);
  for (const fn of [
    'ticket_admissions_rollup()',
    'admission_rollup_add(uuid, uuid, integer, integer)',
    'tickets_count_changed()',
    'tickets_count_old()',
    'tickets_count_new()',
    'orders_rollup()',
    'order_money_move(orders, boolean, boolean)',
    'order_rollup_add(orders, integer)',
    'order_rollup_put(orders, integer, integer, integer, bigint, bigint)',
    'ledger_entries_rollup()',
  ]) {
    await sql.raw(`drop function ${fn}`).execute(db);
  }
  await sql`drop table event_admission_counts, event_order_days, event_money_days`.execute(db);
  await sql`drop function rollup_shard()`.execute(db);
  await sql`alter table orders drop column valid_tickets, drop column valid_price, drop column valid_fee`.execute(db);
}

import { type Kysely, sql } from 'kysely';
import { createOrderCountFunctions } from './0035_dashboard_rollups.ts';

// Report pages at scale (issue 18, decision 044). Sales by ticket type reads a rollup kept as orders and tickets are
// written, like decision 043's; the transactions ledger reads its first rows in order from an index of the
// organisation's entries instead of sorting all of them. Checked in tests/api/dashboard-rollups.test.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each order keeps its valid tickets per ticket type, {"<type id>": [tickets, ticket money, booking fees]}, beside
  // its totals (`valid_tickets`…): the rollup below takes an order's old version away and adds its new one, so one
  // statement that pays an order and issues its tickets counts them once.
  await sql`alter table orders add column valid_types jsonb not null default '{}'`.execute(db);
  await sql`update orders set valid_types = t.types
    from (select order_id, jsonb_object_agg(ticket_type_id, jsonb_build_array(n, price, fee)) as types
            from (select order_id, ticket_type_id, count(*) as n, sum(unit_price) as price, sum(unit_fee) as fee
                    from tickets where status = 'valid' group by 1, 2) per_type
           group by order_id) t
    where t.order_id = orders.id`.execute(db);
  // `a` plus `sign` times `b`, type by type; a type with no tickets left is dropped. An order's first tickets (`a`
  // empty, the usual case) are `b` as it is.
  await sql`create function type_sums_add(a jsonb, b jsonb, sign integer) returns jsonb language plpgsql immutable as $$
    begin
      if a = '{}'::jsonb and sign = 1 then return b; end if;
      if b = '{}'::jsonb then return a; end if;
      return (select coalesce(jsonb_object_agg(k, jsonb_build_array(n, price, fee)), '{}'::jsonb) from (
      select k, sum(n) as n, sum(price) as price, sum(fee) as fee from (
        select k, (v ->> 0)::bigint as n, (v ->> 1)::bigint as price, (v ->> 2)::bigint as fee from jsonb_each(a) as x (k, v)
        union all
        select k, sign * (v ->> 0)::bigint, sign * (v ->> 1)::bigint, sign * (v ->> 2)::bigint from jsonb_each(b) as y (k, v)
      ) sides group by k) sums
    where n <> 0);
    end $$`.execute(db);

  // Tickets sold (valid, in a paid or partly refunded order) per event, ticket type, UTC day of payment, currency and
  // TEST or not, sharded by writing connection as in migration 0035.
  await sql`
    create table event_type_days (
      event_id uuid not null references events (id) on delete cascade,
      ticket_type_id uuid not null references ticket_types (id) on delete cascade,
      day date not null,
      currency text not null,
      test boolean not null,
      shard smallint not null,
      tickets integer not null default 0,
      ticket_money bigint not null default 0,
      ticket_fees bigint not null default 0,
      primary key (event_id, ticket_type_id, day, currency, test, shard)
    )`.execute(db);
  /** Adds `sign` times an order's per-type sums under its key, when the order is one that sold its tickets. */
  await sql`create function order_types_put(o orders, types jsonb, sign integer) returns void language plpgsql as $$
    begin
      if o.status not in ('paid', 'partially_refunded') or types = '{}'::jsonb then return; end if;
      insert into event_type_days as r (event_id, ticket_type_id, day, currency, test, shard, tickets, ticket_money, ticket_fees)
      select o.event_id, k::uuid, (coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, o.currency,
             o.provider = 'sandbox', rollup_shard(), sign * (v ->> 0)::integer, sign * (v ->> 1)::bigint,
             sign * (v ->> 2)::bigint
        from jsonb_each(types) as t (k, v)
      on conflict (event_id, ticket_type_id, day, currency, test, shard) do update
        set tickets = r.tickets + excluded.tickets, ticket_money = r.ticket_money + excluded.ticket_money,
            ticket_fees = r.ticket_fees + excluded.ticket_fees;
    end $$`.execute(db);
  await sql`create or replace function orders_rollup() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform order_rollup_add(new, 1);
        perform order_types_put(new, new.valid_types, 1);
        return null;
      end if;
      if tg_op = 'DELETE' then
        perform order_rollup_add(old, -1);
        perform order_types_put(old, old.valid_types, -1);
        return null;
      end if;
      if (old.event_id, old.status, old.currency, old.provider, old.paid_at, old.created_at, old.total)
         is not distinct from (new.event_id, new.status, new.currency, new.provider, new.paid_at, new.created_at, new.total) then
        -- Same row of the rollups: only its tickets changed, if anything did.
        if (old.valid_tickets, old.valid_price, old.valid_fee) is distinct from (new.valid_tickets, new.valid_price, new.valid_fee) then
          perform order_rollup_put(new, 0, (new.valid_tickets > 0)::integer - (old.valid_tickets > 0)::integer,
                                   new.valid_tickets - old.valid_tickets, new.valid_price - old.valid_price,
                                   new.valid_fee - old.valid_fee);
        end if;
        if old.valid_types <> new.valid_types then
          perform order_types_put(new, type_sums_add(new.valid_types, old.valid_types, -1), 1);
        end if;
        return null;
      end if;
      perform order_rollup_add(old, -1);
      perform order_rollup_add(new, 1);
      perform order_types_put(old, old.valid_types, -1);
      perform order_types_put(new, new.valid_types, 1);
      if (old.provider = 'sandbox') <> (new.provider = 'sandbox') then
        perform order_money_move(new, old.provider = 'sandbox', new.provider = 'sandbox');
      end if;
      return null;
    end $$`.execute(db);
  // The tickets' statement triggers write each order's totals and its per-type sums in one update.
  await sql`create or replace function tickets_count_new() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets + t.n, valid_price = valid_price + t.price,
                        valid_fee = valid_fee + t.fee, valid_types = type_sums_add(valid_types, t.types, 1)
        from (select order_id, sum(n)::integer as n, sum(price)::integer as price, sum(fee)::integer as fee,
                     jsonb_object_agg(ticket_type_id, jsonb_build_array(n, price, fee)) as types
                from (select order_id, ticket_type_id, count(*) as n, sum(unit_price) as price, sum(unit_fee) as fee
                        from new_tickets where status = 'valid' group by 1, 2) per_type
               group by order_id) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
  await sql`create or replace function tickets_count_old() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets - t.n, valid_price = valid_price - t.price,
                        valid_fee = valid_fee - t.fee, valid_types = type_sums_add(valid_types, t.types, -1)
        from (select order_id, sum(n)::integer as n, sum(price)::integer as price, sum(fee)::integer as fee,
                     jsonb_object_agg(ticket_type_id, jsonb_build_array(n, price, fee)) as types
                from (select order_id, ticket_type_id, count(*) as n, sum(unit_price) as price, sum(unit_fee) as fee
                        from old_tickets where status = 'valid' group by 1, 2) per_type
               group by order_id) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
  await sql`create or replace function tickets_count_changed() returns trigger language plpgsql as $$
    begin
      update orders set valid_tickets = valid_tickets + t.n, valid_price = valid_price + t.price,
                        valid_fee = valid_fee + t.fee, valid_types = type_sums_add(valid_types, t.types, 1)
        from (select order_id, sum(n)::integer as n, sum(price)::integer as price, sum(fee)::integer as fee,
                     jsonb_object_agg(ticket_type_id, jsonb_build_array(n, price, fee)) as types
                from (select order_id, ticket_type_id, sum(n) as n, sum(price) as price, sum(fee) as fee from (
                        select order_id, ticket_type_id, -1 as n, -unit_price as price, -unit_fee as fee
                          from old_tickets where status = 'valid'
                        union all
                        select order_id, ticket_type_id, 1, unit_price, unit_fee from new_tickets where status = 'valid') c
                       group by 1, 2 having sum(n) <> 0 or sum(price) <> 0 or sum(fee) <> 0) per_type
               group by order_id) t
       where orders.id = t.order_id;
      return null;
    end $$`.execute(db);
  await sql`
    insert into event_type_days (event_id, ticket_type_id, day, currency, test, shard, tickets, ticket_money, ticket_fees)
    select o.event_id, t.k::uuid, (coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, o.currency,
           o.provider = 'sandbox', rollup_shard(), sum((t.v ->> 0)::integer), sum((t.v ->> 1)::bigint),
           sum((t.v ->> 2)::bigint)
      from orders o cross join lateral jsonb_each(o.valid_types) as t (k, v)
     where o.status in ('paid', 'partially_refunded')
     group by 1, 2, 3, 4, 5, 6`.execute(db);

  // The ledger's entries carry their organisation, so a report reads an organisation's entries in the report's order
  // from an index and stops at the page's last row. Events never change organisation.
  await sql`alter table ledger_entries add column organization_id uuid references organizations (id)`.execute(db);
  await sql`alter table ledger_entries disable trigger ledger_entries_no_change`.execute(db);
  await sql`update ledger_entries l set organization_id = e.organization_id from events e where e.id = l.event_id`.execute(db);
  await sql`alter table ledger_entries enable trigger ledger_entries_no_change`.execute(db);
  await sql`alter table ledger_entries alter column organization_id set not null`.execute(db);
  await sql`create function ledger_entries_organization() returns trigger language plpgsql as $$
    begin
      new.organization_id := (select organization_id from events where id = new.event_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger ledger_entries_organization before insert on ledger_entries
    for each row execute function ledger_entries_organization()`.execute(db);
  await sql`create index ledger_entries_report_idx on ledger_entries (organization_id, currency, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entries_report_idx`.execute(db);
  await sql`drop trigger ledger_entries_organization on ledger_entries`.execute(db);
  await sql`drop function ledger_entries_organization()`.execute(db);
  await sql`alter table ledger_entries drop column organization_id`.execute(db);
  await createOrderCountFunctions(db);
  await sql`drop function order_types_put(orders, jsonb, integer)`.execute(db);
  await sql`drop function type_sums_add(jsonb, jsonb, integer)`.execute(db);
  await sql`drop table event_type_days`.execute(db);
  await sql`alter table orders drop column valid_types`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// Capacity shared across ticket types (issue 37, decision 061). A quota is a number of places that a chosen set of an
// event's ticket types share ("Early bird" and "Standard" share 300 floor places); an event has at most one quota
// over all its types, its own capacity (the venue). A quota counts in `taken` the tickets its types have taken from
// stock, and its CHECK refuses an oversell as the type's own CHECK does (migration 0009).
//
// The count follows the types' counts by trigger: whichever path moves a type's `taken` (a hold, its lapse, a
// refund, a cancellation, a late payment) moves its quotas' in the same transaction, without knowing about quotas.
// What the paths do know is the lock order (decision 061): a writer of `taken` locks the quotas of its types, in id
// order, before it touches a type, because the trigger takes a quota's row after the type's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table capacity_quotas (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references events(id) on delete cascade,
    name text not null,
    capacity integer not null check (capacity >= 0),
    taken integer not null default 0 check (taken >= 0),
    all_types boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint capacity_quotas_within_capacity check (taken <= capacity)
  )`.execute(db);
  await sql`create index capacity_quotas_event on capacity_quotas (event_id)`.execute(db);
  await sql`create unique index capacity_quotas_one_event_capacity on capacity_quotas (event_id) where all_types`.execute(db);
  await sql`create table capacity_quota_types (
    quota_id uuid not null references capacity_quotas(id) on delete cascade,
    ticket_type_id uuid not null references ticket_types(id) on delete cascade,
    primary key (quota_id, ticket_type_id)
  )`.execute(db);
  await sql`create index capacity_quota_types_type on capacity_quota_types (ticket_type_id)`.execute(db);

  // A type's change of stock moves each of its quotas by as much. An event without quotas pays one probe of an empty
  // index range for it.
  await sql`create function capacity_quotas_follow_taken() returns trigger language plpgsql as $$
    begin
      update capacity_quotas set taken = taken + (new.taken - old.taken)
       where event_id = new.event_id
         and (all_types or id in (select m.quota_id from capacity_quota_types m where m.ticket_type_id = new.id));
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_types_capacity_quotas after update of taken on ticket_types
    for each row when (old.taken is distinct from new.taken) execute function capacity_quotas_follow_taken()`.execute(db);

  // A quota made, given other types, or a type removed, counts again what its types have taken. Exact only while no
  // type's count moves meanwhile: the repository takes the event's row and its quota lock first (decision 061).
  await sql`create function capacity_quota_recount(quota uuid) returns void language sql as $$
    update capacity_quotas q set taken = coalesce((select sum(t.taken) from ticket_types t
      where t.event_id = q.event_id
        and (q.all_types or t.id in (select m.ticket_type_id from capacity_quota_types m where m.quota_id = q.id))), 0)
    where q.id = quota $$`.execute(db);
  // Which quotas there are and which types they hold is part of what an order is placed with (the quotas it locks):
  // a change moves the event's sale_version, so an order priced before it is priced again (decision 018).
  await sql`create function capacity_quota_types_changed() returns trigger language plpgsql as $$
    declare
      quota uuid := case when tg_op = 'DELETE' then old.quota_id else new.quota_id end;
    begin
      perform capacity_quota_recount(quota);
      update events set sale_version = sale_version + 1 where id = (select event_id from capacity_quotas where id = quota);
      return null;
    end $$`.execute(db);
  await sql`create trigger capacity_quota_types_changed after insert or delete on capacity_quota_types
    for each row execute function capacity_quota_types_changed()`.execute(db);
  await sql`create function capacity_quotas_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'DELETE' then
        perform capacity_quota_recount(new.id);
      end if;
      update events set sale_version = sale_version + 1
       where id = case when tg_op = 'DELETE' then old.event_id else new.event_id end;
      return null;
    end $$`.execute(db);
  await sql`create trigger capacity_quotas_changed after insert or delete or update of all_types on capacity_quotas
    for each row execute function capacity_quotas_changed()`.execute(db);
  // A type removed from an event (only one with nothing taken can be) leaves its event's capacity counting the rest;
  // its named quotas lose it through capacity_quota_types.
  await sql`create function capacity_quotas_type_removed() returns trigger language plpgsql as $$
    begin
      perform capacity_quota_recount(q.id) from capacity_quotas q where q.event_id = old.event_id and q.all_types;
      return null;
    end $$`.execute(db);
  await sql`create trigger ticket_types_capacity_quotas_removed after delete on ticket_types
    for each row execute function capacity_quotas_type_removed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger ticket_types_capacity_quotas_removed on ticket_types`.execute(db);
  await sql`drop function capacity_quotas_type_removed()`.execute(db);
  await sql`drop trigger ticket_types_capacity_quotas on ticket_types`.execute(db);
  await sql`drop function capacity_quotas_follow_taken()`.execute(db);
  await sql`drop table capacity_quota_types`.execute(db);
  await sql`drop table capacity_quotas`.execute(db);
  await sql`drop function capacity_quota_types_changed()`.execute(db);
  await sql`drop function capacity_quotas_changed()`.execute(db);
  await sql`drop function capacity_quota_recount(uuid)`.execute(db);
}

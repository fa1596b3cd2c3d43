import { type Kysely, sql } from 'kysely';

// Administrators' powers come from user groups: a group is a named set of permissions, a person holds the union of
// their groups'. One built-in group holds every permission; every administrator there is today joins it, and so does
// anyone who becomes an administrator later (by the CLI or the demo data), so no path makes an admin without powers.
// Suspended accounts are marked on the user row; the reason is kept for the person and the log.
const allPermissions = [
  'users.read',
  'users.manage',
  'organisers.review',
  'events.moderate',
  'orders.refund',
  'payments.read',
  'tickets.void',
  'cases.handle',
  'help.edit',
  'fees.manage',
  'groups.manage',
  'audit.read',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_groups (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 2 and 60),
      built_in boolean not null default false,
      permissions text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index admin_groups_name_idx on admin_groups (lower(name))`.execute(db);
  await sql`create unique index admin_groups_one_built_in_idx on admin_groups (built_in) where built_in`.execute(db);
  await sql`
    create table admin_group_members (
      group_id uuid not null references admin_groups (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (group_id, user_id)
    )`.execute(db);
  await sql`create index admin_group_members_user_idx on admin_group_members (user_id)`.execute(db);
  await sql`
    insert into admin_groups (name, built_in, permissions)
    values ('Full access', true, ${sql.raw(`array[${allPermissions.map((name) => `'${name}'`).join(', ')}]`)})`.execute(db);
  await sql`
    insert into admin_group_members (group_id, user_id)
    select g.id, u.id from admin_groups g cross join users u where g.built_in and u.is_admin`.execute(db);
  await sql`
    create function admit_new_admin_joins_full_access() returns trigger language plpgsql as $$
    begin
      if new.is_admin and (tg_op = 'INSERT' or not old.is_admin)
         and not exists (select 1 from admin_group_members where user_id = new.id) then
        insert into admin_group_members (group_id, user_id)
        select id, new.id from admin_groups where built_in;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_new_admin_joins_full_access after insert or update of is_admin on users
    for each row execute function admit_new_admin_joins_full_access()`.execute(db);

  await sql`alter table users add column suspended_at timestamptz`.execute(db);
  await sql`alter table users add column suspension_reason text`.execute(db);
  await sql`create index users_suspended_idx on users (id) where suspended_at is not null`.execute(db);
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_created_idx`.execute(db);
  await sql`drop index users_suspended_idx`.execute(db);
  await sql`alter table users drop column suspension_reason`.execute(db);
  await sql`alter table users drop column suspended_at`.execute(db);
  await sql`drop trigger users_new_admin_joins_full_access on users`.execute(db);
  await sql`drop function admit_new_admin_joins_full_access()`.execute(db);
  await sql`drop table admin_group_members`.execute(db);
  await sql`drop table admin_groups`.execute(db);
}

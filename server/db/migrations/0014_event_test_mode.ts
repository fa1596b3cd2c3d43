import { type Kysely, sql } from 'kysely';

// An event in test mode lets the door admit TEST tickets (paid in the sandbox), so an organiser can rehearse
// the door. It decides nothing about what a sale is priced or signed with, so turning it on or off alone
// leaves the event's `sale_version` (migration 0011, decision 018) as it was: sales under way keep their
// context. Any other change made with it still counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column test_mode boolean not null default false`.execute(db);
  await sql`
    create or replace function admit_event_sale_changed() returns trigger language plpgsql as $$
    begin
      -- The generated search column is computed after this trigger runs: its new value is not known here.
      if new.test_mode is distinct from old.test_mode
         and to_jsonb(new) - array['test_mode', 'updated_at', 'sale_version', 'search'] =
             to_jsonb(old) - array['test_mode', 'updated_at', 'sale_version', 'search'] then
        return new;
      end if;
      new.sale_version := old.sale_version + 1;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function admit_event_sale_changed() returns trigger language plpgsql as $$
    begin
      new.sale_version := old.sale_version + 1;
      return new;
    end $$`.execute(db);
  await sql`alter table events drop column test_mode`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// Views of an event's public page, one row per event and day (UTC): a view is one upsert that raises a
// counter, never a row of its own, so a busy page costs no more storage than a quiet one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event_page_views (
      event_id uuid not null references events(id) on delete cascade,
      day date not null,
      views integer not null default 0 check (views >= 0),
      primary key (event_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_page_views`.execute(db);
}

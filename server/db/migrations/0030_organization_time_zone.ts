import { type Kysely, sql } from 'kysely';

// Organiser workspace (issue 18): the organisation's time zone, the one its new events start in. Null until an
// owner or manager sets it; the event editor then offers the zone of the device it runs on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations add column timezone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations drop column timezone`.execute(db);
}

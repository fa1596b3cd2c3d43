import { type Kysely, sql } from 'kysely';

// A ticket's check-in is its row in ticket_admissions; the copy on the ticket is gone, so admitting someone
// writes nothing to the tickets table (a busy door no longer rewrites ticket rows and their indexes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('checked_in_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('checked_in_at', 'timestamptz').execute();
  await sql`update tickets t set checked_in_at = a.scanned_at from ticket_admissions a where a.ticket_id = t.id`.execute(db);
}

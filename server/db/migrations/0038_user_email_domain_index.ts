import { type Kysely, sql } from 'kysely';

// Administrators find accounts by their email's domain too (`harbourarts`, `@harbourarts.demo`): a prefix of the
// part after the @, read from its own pattern index like the other user searches (migration 0033).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_email_domain_prefix_idx on users (split_part(lower(email), '@', 2) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_email_domain_prefix_idx`.execute(db);
}

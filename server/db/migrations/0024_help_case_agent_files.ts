import { type Kysely, sql } from 'kysely';

// An agent may keep a file among the agents: attached beside an internal note, it is never listed, linked or
// mailed to the person who raised the case.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table help_case_attachments add column internal boolean not null default false`.execute(db);
  // Only an agent's file can be internal.
  await sql`alter table help_case_attachments
    add constraint help_case_attachments_internal_check check (not internal or author = 'agent')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table help_case_attachments drop constraint help_case_attachments_internal_check`.execute(db);
  await sql`alter table help_case_attachments drop column internal`.execute(db);
}

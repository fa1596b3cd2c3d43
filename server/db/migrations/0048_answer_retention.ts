import { type Kysely, sql } from 'kysely';

// How long an event's answers to its checkout questions are kept (issue 38, decision 064): that many days after the
// event ends, then deleted by the questions domain's sweeper; null keeps them as long as their order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_question_settings add column answers_kept_days integer
    check (answers_kept_days between 1 and 3650)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_question_settings drop column answers_kept_days`.execute(db);
}

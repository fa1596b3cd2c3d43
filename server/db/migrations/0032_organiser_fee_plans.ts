import { type Kysely, sql } from 'kysely';

// Admin console (issue 20): a fee plan per organiser. A rule may name an organisation; for that organisation's
// orders its rules come before the platform's (decision 039). Existing rules are the platform's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_fee_rules add column organization_id uuid references organizations (id)`.execute(db);
  await sql`create index booking_fee_rules_plan_idx on booking_fee_rules (organization_id, currency, effective_from desc, created_at desc)
    where organization_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index booking_fee_rules_plan_idx`.execute(db);
  await sql`alter table booking_fee_rules drop column organization_id`.execute(db);
}

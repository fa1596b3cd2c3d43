import { type Kysely, sql } from 'kysely';

// Admin console (issue 20): booking fee rules per currency, with a minimum per ticket. A rule names its currency
// (its fixed amount, minimum and cap are in that currency's minor units) or none: the rule for every currency that
// has no rule of its own in force. Existing rules keep applying to every currency.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_fee_rules add column currency text check (currency ~ '^[A-Z]{3}$')`.execute(db);
  await sql`alter table booking_fee_rules add column min_per_ticket integer check (min_per_ticket >= 0)`.execute(db);
  await sql`alter table booking_fee_rules add constraint booking_fee_rules_min_under_cap
    check (min_per_ticket is null or cap_per_ticket is null or min_per_ticket <= cap_per_ticket)`.execute(db);
  await sql`create index booking_fee_rules_scope_idx on booking_fee_rules (currency, effective_from desc, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index booking_fee_rules_scope_idx`.execute(db);
  await sql`alter table booking_fee_rules drop constraint booking_fee_rules_min_under_cap`.execute(db);
  await sql`alter table booking_fee_rules drop column min_per_ticket`.execute(db);
  await sql`alter table booking_fee_rules drop column currency`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// A ticket type counts the tickets taken from its stock — held for payment or sold — in one column, and
// the CHECK `taken <= capacity` makes an oversell impossible. Paying for held tickets leaves the count as
// it is, so only reserving and releasing stock lock the type's row. How many of the taken tickets are
// held is read from the live orders; the rest are sold.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_types')
    .addColumn('taken', 'integer', (col) => col.notNull().defaultTo(0).check(sql`taken >= 0`))
    .execute();
  await sql`update ticket_types set taken = sold + held`.execute(db);
  await sql`alter table ticket_types drop constraint ticket_types_within_capacity`.execute(db);
  await sql`alter table ticket_types drop constraint ticket_types_not_oversold`.execute(db);
  await db.schema.alterTable('ticket_types').dropColumn('sold').dropColumn('held').execute();
  await sql`alter table ticket_types add constraint ticket_types_within_capacity check (taken <= capacity)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_types')
    .addColumn('sold', 'integer', (col) => col.notNull().defaultTo(0).check(sql`sold >= 0`))
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0).check(sql`held >= 0`))
    .execute();
  await sql`update ticket_types t set held = coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
    where i.ticket_type_id = t.id and o.status in ('pending', 'failed')), 0)`.execute(db);
  await sql`update ticket_types set sold = taken - held`.execute(db);
  await sql`alter table ticket_types drop constraint ticket_types_within_capacity`.execute(db);
  await db.schema.alterTable('ticket_types').dropColumn('taken').execute();
  await sql`alter table ticket_types add constraint ticket_types_not_oversold check (sold <= capacity)`.execute(db);
  await sql`alter table ticket_types add constraint ticket_types_within_capacity check (sold + held <= capacity)`.execute(db);
}

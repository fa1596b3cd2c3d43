import { type Kysely, sql } from 'kysely';

// When a ticket's money went back. A void by an administrator moves no money (decision 030: "refund the order for
// that"), so a voided ticket is refundable until a refund covers it, and never twice: `refunded_at` tells them apart,
// written by the refund in the transaction that holds the order's lock. Before this, only a refund or an event's
// cancellation voided a ticket other than an administrator's void (whose revocation reason says so), and a voided
// ticket could not be refunded: those are the refunded ones.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets add column refunded_at timestamptz`.execute(db);
  await sql`update tickets t set refunded_at = t.voided_at
    where t.status = 'voided'
      and not exists (select 1 from ticket_revocations r
                       where r.ticket_id = t.id and r.reason like 'voided by an administrator:%')`.execute(db);
  await sql`alter table tickets add constraint tickets_refunded_voided check (refunded_at is null or status = 'voided')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets drop constraint tickets_refunded_voided`.execute(db);
  await sql`alter table tickets drop column refunded_at`.execute(db);
}

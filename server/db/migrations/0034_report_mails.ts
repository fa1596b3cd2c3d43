import { type Kysely, sql } from 'kysely';

// Organiser workspace (issue 18): a report mailed on a schedule to the addresses a member names. The member who set
// it up is kept: each mail shows what their role may see at the time it is sent, and stops when they no longer may.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_mails (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      created_by uuid not null references users (id) on delete cascade,
      report text not null,
      event_id uuid references events (id) on delete cascade,
      date_by text not null check (date_by in ('payment', 'event')),
      currency text,
      format text not null check (format in ('csv', 'xlsx')),
      frequency text not null check (frequency in ('daily', 'weekly')),
      recipients text[] not null check (cardinality(recipients) between 1 and 10),
      next_send_at timestamptz,
      last_sent_at timestamptz,
      last_outcome text check (last_outcome in ('sent', 'too_large', 'stopped')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index report_mails_organization_idx on report_mails (organization_id, created_at)`.execute(db);
  // The sender finds what is due without reading stopped ones.
  await sql`create index report_mails_due_idx on report_mails (next_send_at) where next_send_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_mails`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// The help desk's queues without scanning every active case, its upkeep (a reminder when a case has waited on the
// customer for days, closing cases resolved long ago), a guest's emailed code, files attached to cases and the agents' saved replies.
//
// Queue pages: one partial index per queue, ordered like the page (created_at, id), so a page is an index range
// read of `limit` rows. Queue counts: a counter per queue, kept by statement-level triggers in the same
// transaction as the change, so reading them is a handful of primary-key lookups. "Overdue" depends on the clock:
// it is the counter of cases awaiting a first reply minus those not yet due, which the partial index on the due
// time counts from the few raised within the category's first-reply target.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index help_cases_active_idx on help_cases (created_at, id)
    where state in ('new', 'open', 'pending')`.execute(db);
  await sql`create index help_cases_unassigned_idx on help_cases (created_at, id)
    where state in ('new', 'open') and assigned_to is null`.execute(db);
  await sql`create index help_cases_mine_idx on help_cases (assigned_to, created_at, id)
    where state in ('new', 'open', 'pending')`.execute(db);
  await sql`create index help_cases_awaiting_reply_idx on help_cases (created_at, id)
    where state in ('new', 'open') and first_replied_at is null`.execute(db);
  await sql`create index help_cases_reply_due_idx on help_cases (first_reply_due_at)
    where state in ('new', 'open') and first_replied_at is null`.execute(db);
  // The older (assigned_to, created_at) index is covered by help_cases_mine_idx for every query that used it.
  await sql`drop index help_cases_assigned_idx`.execute(db);

  await db.schema
    .createTable('help_case_counts')
    .addColumn('bucket', 'text', (col) => col.primaryKey())
    .addColumn('cases', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  // The queues a case is in; `mine:<agent>` for the agent it is assigned to. Same rules as the queue filters of
  // server/features/helpdesk/agent-cases.repository.ts.
  await sql`create function help_case_buckets(state text, assigned_to uuid, first_replied_at timestamptz)
    returns setof text language sql immutable as $$
      select 'all' where state in ('new', 'open', 'pending')
      union all select 'unassigned' where state in ('new', 'open') and assigned_to is null
      union all select 'waiting' where state = 'pending'
      union all select 'awaiting-reply' where state in ('new', 'open') and first_replied_at is null
      union all select 'mine:' || assigned_to::text where state in ('new', 'open', 'pending') and assigned_to is not null
    $$`.execute(db);

  // Buckets in a fixed order, so two transactions never wait on each other's counters crosswise.
  await sql`create function help_case_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into help_case_counts (bucket, cases)
          select b, count(*) from new_rows r, help_case_buckets(r.state, r.assigned_to, r.first_replied_at) b
           group by b order by b
        on conflict (bucket) do update set cases = help_case_counts.cases + excluded.cases;
      elsif tg_op = 'DELETE' then
        insert into help_case_counts (bucket, cases)
          select b, -count(*) from old_rows r, help_case_buckets(r.state, r.assigned_to, r.first_replied_at) b
           group by b order by b
        on conflict (bucket) do update set cases = help_case_counts.cases + excluded.cases;
      else
        insert into help_case_counts (bucket, cases)
          select b, sum(delta) from (
              select b, 1 as delta from new_rows r, help_case_buckets(r.state, r.assigned_to, r.first_replied_at) b
              union all
              select b, -1 from old_rows r, help_case_buckets(r.state, r.assigned_to, r.first_replied_at) b
            ) changes
           group by b having sum(delta) <> 0 order by b
        on conflict (bucket) do update set cases = help_case_counts.cases + excluded.cases;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger help_case_counts_insert after insert on help_cases
    referencing new table as new_rows for each statement execute function help_case_counts_apply()`.execute(db);
  await sql`create trigger help_case_counts_update after update on help_cases
    referencing old table as old_rows new table as new_rows for each statement execute function help_case_counts_apply()`.execute(
    db,
  );
  await sql`create trigger help_case_counts_delete after delete on help_cases
    referencing old table as old_rows for each statement execute function help_case_counts_apply()`.execute(db);
  await sql`insert into help_case_counts (bucket, cases)
    select b, count(*) from help_cases r, help_case_buckets(r.state, r.assigned_to, r.first_replied_at) b group by b`.execute(db);

  // Upkeep: since when a case waits on the customer, and when they were reminded of it.
  await db.schema.alterTable('help_cases').addColumn('pending_since', 'timestamptz').execute();
  await db.schema.alterTable('help_cases').addColumn('reminded_at', 'timestamptz').execute();
  await sql`update help_cases set pending_since = updated_at where state = 'pending'`.execute(db);
  await sql`create index help_cases_remind_idx on help_cases (pending_since)
    where state = 'pending' and reminded_at is null`.execute(db);
  await sql`create index help_cases_resolved_idx on help_cases (resolved_at) where state = 'resolved'`.execute(db);

  // A guest proves their email with a 6-digit code (keyed hash, bound to the case) before the case opens.
  await db.schema.alterTable('help_cases').addColumn('proof_code_hash', 'text').execute();
  await db.schema.alterTable('help_cases').addColumn('proof_code_expires_at', 'timestamptz').execute();
  await db.schema
    .alterTable('help_cases')
    .addColumn('proof_wrong_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // Files attached to a case by the person who raised it or by an agent: images and PDF, their type read from
  // their bytes. Kept in the database, so every instance serves them and they go with their case.
  await db.schema
    .createTable('help_case_attachments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('case_id', 'uuid', (col) => col.notNull().references('help_cases.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('customer', 'agent')`))
    .addColumn('author_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) =>
      col.notNull().check(sql`content_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
    )
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('help_case_attachments_case_idx')
    .on('help_case_attachments')
    .columns(['case_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('help_saved_replies')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One name once, whatever its case: an agent picks a saved reply by its name.
  await sql`create unique index help_saved_replies_title_key on help_saved_replies (lower(title))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_saved_replies').execute();
  await db.schema.dropTable('help_case_attachments').execute();
  for (const column of ['proof_wrong_tries', 'proof_code_expires_at', 'proof_code_hash']) {
    await db.schema.alterTable('help_cases').dropColumn(column).execute();
  }
  await sql`drop index help_cases_resolved_idx`.execute(db);
  await sql`drop index help_cases_remind_idx`.execute(db);
  await db.schema.alterTable('help_cases').dropColumn('reminded_at').execute();
  await db.schema.alterTable('help_cases').dropColumn('pending_since').execute();
  await sql`drop trigger help_case_counts_delete on help_cases`.execute(db);
  await sql`drop trigger help_case_counts_update on help_cases`.execute(db);
  await sql`drop trigger help_case_counts_insert on help_cases`.execute(db);
  await sql`drop function help_case_counts_apply()`.execute(db);
  await sql`drop function help_case_buckets(text, uuid, timestamptz)`.execute(db);
  await db.schema.dropTable('help_case_counts').execute();
  await sql`create index help_cases_assigned_idx on help_cases (assigned_to, created_at)`.execute(db);
  for (const index of ['reply_due', 'awaiting_reply', 'mine', 'unassigned', 'active']) {
    await sql`drop index ${sql.raw(`help_cases_${index}_idx`)}`.execute(db);
  }
}

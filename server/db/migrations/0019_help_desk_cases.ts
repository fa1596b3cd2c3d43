import { type Kysely, sql } from 'kysely';

// Help desk cases: a random reference, the person who raised it (an account, or a guest's email proven by the
// first mailed link), the thread of public replies and internal notes, its history, and the mailed links that
// open it (used once each, bound to the case and the address, expiring) with the access they are exchanged for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('help_cases')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category_slug', 'text', (col) => col.notNull().references('help_categories.slug').onUpdate('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('unconfirmed', 'new', 'open', 'pending', 'resolved', 'closed')`),
    )
    .addColumn('assigned_to', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'uuid', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('event_id', 'uuid', (col) => col.references('events.id').onDelete('set null'))
    .addColumn('first_reply_due_at', 'timestamptz', (col) => col.notNull())
    .addColumn('first_replied_at', 'timestamptz')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('help_cases_email_lower', sql`email = lower(email)`)
    .execute();
  // The agents' queue: newest or oldest first by (created_at, id), filtered by state and assignment.
  await db.schema.createIndex('help_cases_queue_idx').on('help_cases').columns(['state', 'created_at', 'id']).execute();
  await db.schema.createIndex('help_cases_assigned_idx').on('help_cases').columns(['assigned_to', 'created_at']).execute();
  await db.schema.createIndex('help_cases_user_idx').on('help_cases').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('help_case_messages')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('case_id', 'uuid', (col) => col.notNull().references('help_cases.id').onDelete('cascade'))
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('customer', 'agent')`))
    .addColumn('author_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('internal', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    // Only an agent writes an internal note.
    .addCheckConstraint('help_case_messages_internal_by_agent', sql`not internal or author = 'agent'`)
    .execute();
  await db.schema
    .createIndex('help_case_messages_case_idx')
    .on('help_case_messages')
    .columns(['case_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('help_case_history')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('case_id', 'uuid', (col) => col.notNull().references('help_cases.id').onDelete('cascade'))
    .addColumn('actor', 'text', (col) => col.notNull().check(sql`actor in ('customer', 'agent', 'system')`))
    .addColumn('actor_user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex('help_case_history_case_idx').on('help_case_history').columns(['case_id', 'created_at']).execute();

  await db.schema
    .createTable('help_case_access')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('case_id', 'uuid', (col) => col.notNull().references('help_cases.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('link', 'access')`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('help_case_access_case_idx').on('help_case_access').column('case_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_case_access').execute();
  await db.schema.dropTable('help_case_history').execute();
  await db.schema.dropTable('help_case_messages').execute();
  await db.schema.dropTable('help_cases').execute();
}

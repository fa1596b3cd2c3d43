import { type Kysely, sql } from 'kysely';

// Acting as a user for support (decision 033): each session an administrator starts, with its reason. Its id is
// the acting token's `jti`, so a stopped session refuses its token at once on every instance, before it expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acting_sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('admin_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addCheckConstraint('acting_sessions_not_self', sql`admin_id <> user_id`)
    .addCheckConstraint('acting_sessions_short', sql`expires_at <= started_at + interval '30 minutes'`)
    .execute();
  await sql`create index acting_sessions_admin_idx on acting_sessions (admin_id, started_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acting_sessions').execute();
}

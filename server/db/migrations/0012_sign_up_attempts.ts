import { type Kysely, sql } from 'kysely';

// Sign-up attempts (decision 019): an address gets an account only when someone confirms it with the code mailed
// for one attempt and that attempt's password. Known devices let the right password through sign-in limits
// that a stranger's guesses would otherwise close (decision 010).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_up_attempts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('date_of_birth', 'date', (col) => col.notNull())
    .addColumn('user_type', 'text', (col) => col.notNull().check(sql`user_type in ('attendee', 'organiser')`))
    .addColumn('organization_name', 'text')
    // No code yet (an attempt carried over from an unconfirmed account): "send a new code" issues one.
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'timestamptz')
    .addColumn('wrong_tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sign_up_attempts_email_lower', sql`email = lower(email)`)
    .execute();
  await db.schema.createIndex('sign_up_attempts_email_idx').on('sign_up_attempts').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'token_hash'])
    .execute();

  // An unconfirmed account could never sign in, so nothing hangs on it but its own organisation. It becomes an
  // attempt like any other: its password works only together with a code mailed to the address.
  await sql`
    insert into sign_up_attempts
      (email, password_hash, first_name, last_name, date_of_birth, user_type, organization_name, expires_at, created_at)
    select lower(u.email), u.password_hash, u.first_name, u.last_name, u.date_of_birth, u.user_type, o.name,
           now() + interval '2 days', u.created_at
      from users u
      left join organization_members m on m.user_id = u.id and m.role = 'owner'
      left join organizations o on o.id = m.organization_id
     where u.email_confirmed_at is null`.execute(db);
  await sql`
    delete from organizations o
     where exists (select 1 from organization_members m join users u on u.id = m.user_id
                    where m.organization_id = o.id and u.email_confirmed_at is null)
       and not exists (select 1 from organization_members m join users u on u.id = m.user_id
                        where m.organization_id = o.id and u.email_confirmed_at is not null)
       and not exists (select 1 from events e where e.organization_id = o.id)`.execute(db);
  await sql`delete from users where email_confirmed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('sign_up_attempts').execute();
}

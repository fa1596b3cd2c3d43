import { sql, type Transaction } from 'kysely';
import type { UserType } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** How many sign-ups one address keeps waiting at once: each costs a password check when someone confirms. */
export const liveAttemptsPerAddress = 5;

function selectAttempts(db: Executor) {
  return (
    db
      .selectFrom('sign_up_attempts')
      .select([
        'id',
        'email',
        'password_hash',
        'first_name',
        'last_name',
        'user_type',
        'organization_name',
        'code_hash',
        'code_expires_at',
        'wrong_tries',
        'created_at',
      ])
      // As text: a date read into a Date moves with the server's time zone.
      .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
  );
}

export type SignUpAttempt = NonNullable<Awaited<ReturnType<typeof findAttemptsOf>>>[number];

export async function insertAttempt(
  db: Executor,
  values: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    userType: UserType;
    organizationName: string | null;
    codeHash: string;
    codeExpiresAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('sign_up_attempts')
    .values({
      email: values.email,
      password_hash: values.passwordHash,
      first_name: values.firstName,
      last_name: values.lastName,
      date_of_birth: values.dateOfBirth,
      user_type: values.userType,
      organization_name: values.organizationName,
      code_hash: values.codeHash,
      code_expires_at: values.codeExpiresAt,
      expires_at: values.expiresAt,
    })
    .execute();
  // The oldest make way: an address never has more than a few attempts to check a password against.
  await db
    .deleteFrom('sign_up_attempts')
    .where('email', '=', values.email)
    .where(
      'id',
      'not in',
      db
        .selectFrom('sign_up_attempts')
        .select('id')
        .where('email', '=', values.email)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(liveAttemptsPerAddress),
    )
    .execute();
}

/** The attempts of an address that have not lapsed, newest first. */
export function findAttemptsOf(db: Executor, email: string) {
  return selectAttempts(db)
    .where('email', '=', email)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(liveAttemptsPerAddress)
    .execute();
}

/**
 * Locks every attempt of the address, so two confirmations (or a confirmation and a new code) take turns; the
 * second sees what the first left, which after a confirmation is nothing.
 */
export function lockAttemptsOf(db: Transaction<Database>, email: string) {
  return selectAttempts(db).where('email', '=', email).forUpdate().execute();
}

export async function setAttemptCode(db: Executor, id: string, codeHash: string, codeExpiresAt: Date): Promise<void> {
  await db
    .updateTable('sign_up_attempts')
    .set({ code_hash: codeHash, code_expires_at: codeExpiresAt, wrong_tries: 0 })
    .where('id', '=', id)
    .execute();
}

export async function countAttemptWrongTry(db: Executor, id: string): Promise<void> {
  await db.updateTable('sign_up_attempts').set({ wrong_tries: sql`wrong_tries + 1` }).where('id', '=', id).execute();
}

export async function deleteAttemptsOf(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('sign_up_attempts').where('email', '=', email).execute();
}

/** Lapsed attempts keep a password hash nobody can use; drop them now and then. */
export async function pruneSignUpAttempts(db: Executor): Promise<void> {
  await db.deleteFrom('sign_up_attempts').where('expires_at', '<', new Date()).execute();
}

import type { UserType } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';

const userColumns = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.password_hash',
  'users.date_of_birth',
  'users.user_type',
  'users.is_admin',
  'users.email_confirmed_at',
  'users.created_at',
  'users.suspended_at',
  'organization_members.organization_id',
  'organization_members.role',
] as const;

function selectUsers(db: Executor) {
  return db.selectFrom('users').leftJoin('organization_members', 'organization_members.user_id', 'users.id').select(userColumns);
}

export function findUserById(db: Executor, id: string) {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** Emails are stored as given and compared in lower case. */
export function findUserByEmail(db: Executor, email: string) {
  return selectUsers(db)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    dateOfBirth: string;
    userType: UserType;
    isAdmin?: boolean;
    emailConfirmedAt?: Date | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      password_hash: values.passwordHash,
      date_of_birth: values.dateOfBirth,
      user_type: values.userType,
      is_admin: values.isAdmin ?? false,
      email_confirmed_at: values.emailConfirmedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<{
    first_name: string;
    last_name: string;
    date_of_birth: string;
    password_hash: string;
    email_confirmed_at: Date;
  }>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function insertOrganizationWithOwner(db: Executor, name: string, ownerId: string): Promise<string> {
  const organization = await db.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('organization_members')
    .values({ organization_id: organization.id, user_id: ownerId, role: 'owner' })
    .execute();
  return organization.id;
}

/** Suspends (with a reason) or reactivates (null) an account. */
export async function setSuspension(db: Executor, id: string, suspension: { at: Date; reason: string } | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ suspended_at: suspension?.at ?? null, suspension_reason: suspension?.reason ?? null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Every suspended account's id (a partial index keeps this small). */
export async function suspendedUserIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('suspended_at', 'is not', null).execute();
  return rows.map((row) => row.id);
}

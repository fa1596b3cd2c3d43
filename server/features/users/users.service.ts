import type { UpdateUser, User } from '../../../src/contract/users.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { dateOfBirthToIso, toUser } from './user-view.ts';
import { findUserById, updateUser } from './users.repository.ts';

/** Admin rights are read from the database, so a revoked admin loses them at once. */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return (await findUserById(db, userId))?.is_admin === true;
}

/** Only the user themself or an admin may read or change an account. */
async function authorise(db: Db, caller: AccessClaims, userId: string): Promise<void> {
  if (caller.sub === userId) return;
  if (await isAdmin(db, caller.sub)) return;
  throw forbidden('You can only see and change your own account.');
}

export async function getUser(db: Db, caller: AccessClaims, userId: string): Promise<User> {
  await authorise(db, caller, userId);
  const row = await findUserById(db, userId);
  if (!row) throw notFound('That account');
  return toUser(row);
}

export async function changeUser(db: Db, caller: AccessClaims, userId: string, changes: UpdateUser): Promise<User> {
  await authorise(db, caller, userId);
  if (!(await findUserById(db, userId))) throw notFound('That account');
  await updateUser(db, userId, {
    ...(changes.firstName === undefined ? {} : { first_name: changes.firstName }),
    ...(changes.lastName === undefined ? {} : { last_name: changes.lastName }),
    ...(changes.dateOfBirth === undefined ? {} : { date_of_birth: dateOfBirthToIso(changes.dateOfBirth) }),
  });
  return getUser(db, caller, userId);
}

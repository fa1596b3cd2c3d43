import { secondsToIsoDate } from '../../../src/contract/date-of-birth.ts';
import type { UpdateUser, User } from '../../../src/contract/users.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { toUser } from '../../lib/user-view.ts';
import * as repository from './users.repository.ts';

// Sign-up, sign-in, sessions, the team and the admin console read and write accounts through these, each in the
// caller's transaction when it passes one.

/** The account with its organisation membership; undefined when there is none. */
export function findUserById(db: Executor, id: string) {
  return repository.findUserById(db, id);
}

/** An account with its organisation membership, as sign-in and sessions hold it. */
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The account of an address, compared in lower case; undefined when there is none. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return repository.findUserByEmail(db, email);
}

/** Adds an account; its id. */
export function insertUser(db: Executor, values: Parameters<typeof repository.insertUser>[1]): Promise<string> {
  return repository.insertUser(db, values);
}

/** Changes the columns given: names, date of birth, password, the address's confirmation. */
export function updateUser(db: Executor, id: string, values: Parameters<typeof repository.updateUser>[2]): Promise<void> {
  return repository.updateUser(db, id, values);
}

/** A new organisation with the account as its owner, for an organiser's sign-up; the organisation's id. */
export function insertOrganizationWithOwner(db: Executor, name: string, ownerId: string): Promise<string> {
  return repository.insertOrganizationWithOwner(db, name, ownerId);
}

/** Suspends (with a reason) or reactivates (null) an account. */
export function setSuspension(db: Executor, id: string, suspension: { at: Date; reason: string } | null): Promise<void> {
  return repository.setSuspension(db, id, suspension);
}

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
    ...(changes.dateOfBirth === undefined ? {} : { date_of_birth: secondsToIsoDate(changes.dateOfBirth) }),
  });
  return getUser(db, caller, userId);
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The permissions an administrator holds now: the union of their groups'; none for a suspended or former admin. */
export async function permissionsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('admin_group_members as m')
    .innerJoin('admin_groups as g', 'g.id', 'm.group_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(sql<string>`unnest(g.permissions)`.as('permission'))
    .where('m.user_id', '=', userId)
    .where('u.is_admin', '=', true)
    .where('u.suspended_at', 'is', null)
    .execute();
  return [...new Set(rows.map((row) => row.permission))].sort();
}

const groupColumns = (db: Executor) =>
  db
    .selectFrom('admin_groups')
    .select((eb) => [
      'id',
      'name',
      'built_in',
      'permissions',
      eb
        .selectFrom('admin_group_members')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('admin_group_members.group_id', '=', 'admin_groups.id')
        .as('members'),
    ]);

export function listGroups(db: Executor) {
  return groupColumns(db).orderBy('built_in', 'desc').orderBy('name').execute();
}

export function findGroup(db: Executor, groupId: string) {
  return groupColumns(db).where('id', '=', groupId).executeTakeFirst();
}

/** Locks the group row, so that two removals of its members take turns (the last member rule). */
export function lockGroup(db: Executor, groupId: string) {
  return db
    .selectFrom('admin_groups')
    .select(['id', 'name', 'built_in', 'permissions'])
    .where('id', '=', groupId)
    .forUpdate()
    .executeTakeFirst();
}

export function groupMembers(db: Executor, groupId: string) {
  return db
    .selectFrom('admin_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'm.added_at'])
    .where('m.group_id', '=', groupId)
    .orderBy('u.email')
    .execute();
}

export function findGroupByName(db: Executor, name: string) {
  return db
    .selectFrom('admin_groups')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertGroup(db: Executor, values: { name: string; permissions: string[] }): Promise<string> {
  const row = await db.insertInto('admin_groups').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Executor,
  groupId: string,
  values: { name?: string; permissions?: string[] },
): Promise<void> {
  await db
    .updateTable('admin_groups')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', groupId)
    .execute();
}

/** Adds the member; false when they already were one. */
export async function insertMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insertInto('admin_group_members')
    .values({ group_id: groupId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function deleteMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('admin_group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

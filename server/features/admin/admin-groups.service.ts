import type { AdminPermission, CreateGroup, GroupDetail, GroupSummary, UpdateGroup } from '../../../src/contract/admin.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import {
  deleteMember,
  findGroup,
  findGroupByName,
  groupMembers,
  insertGroup,
  insertMember,
  listGroups,
  lockGroup,
  updateGroup,
} from './admin-groups.repository.ts';
import { findUserIdByEmail } from './admin-lists.repository.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

const toSummary = (row: GroupRow): GroupSummary => ({
  id: row.id,
  name: row.name,
  builtIn: row.built_in,
  permissions: row.permissions as AdminPermission[],
  members: Number(row.members),
});

const nameTaken = () =>
  new HttpError('CONFLICT', 'A group with that name exists already.', [{ path: 'body.name', message: 'Choose another name.' }]);

export async function getGroups(db: Db, caller: AccessClaims): Promise<GroupSummary[]> {
  await requirePermission(db, caller, 'groups.manage');
  return (await listGroups(db)).map(toSummary);
}

async function detail(db: Executor, groupId: string): Promise<GroupDetail> {
  const row = await findGroup(db, groupId);
  if (!row) throw notFound('That group');
  const members = await groupMembers(db, groupId);
  return {
    ...toSummary(row),
    memberList: members.map((member) => ({
      userId: member.id,
      email: member.email,
      name: `${member.first_name} ${member.last_name}`,
      addedAt: new Date(member.added_at).toISOString(),
    })),
  };
}

export async function getGroup(db: Db, caller: AccessClaims, groupId: string): Promise<GroupDetail> {
  await requirePermission(db, caller, 'groups.manage');
  return detail(db, groupId);
}

export async function createGroup(db: Db, caller: AccessClaims, input: CreateGroup): Promise<GroupDetail> {
  const actorId = await requireSensitivePermission(db, caller, 'groups.manage');
  return db.transaction().execute(async (trx) => {
    if (await findGroupByName(trx, input.name)) throw nameTaken();
    const id = await insertGroup(trx, { name: input.name, permissions: input.permissions });
    await recordAudit(trx, {
      actorId,
      action: 'admin.group_created',
      subjectType: 'admin_group',
      subjectId: id,
      details: { name: input.name, permissions: input.permissions },
    });
    return detail(trx, id);
  });
}

export async function changeGroup(db: Db, caller: AccessClaims, groupId: string, input: UpdateGroup): Promise<GroupDetail> {
  const actorId = await requireSensitivePermission(db, caller, 'groups.manage');
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, groupId);
    if (!group) throw notFound('That group');
    if (group.built_in && input.permissions !== undefined) {
      throw new HttpError('CONFLICT', 'The built-in group always holds every permission.', [
        { path: 'body.permissions', message: 'The built-in group’s permissions cannot change.' },
      ]);
    }
    if (input.name !== undefined) {
      const same = await findGroupByName(trx, input.name);
      if (same && same.id !== groupId) throw nameTaken();
    }
    await updateGroup(trx, groupId, input);
    await recordAudit(trx, {
      actorId,
      action: 'admin.group_changed',
      subjectType: 'admin_group',
      subjectId: groupId,
      details: { before: { name: group.name, permissions: group.permissions }, after: input },
    });
    return detail(trx, groupId);
  });
}

export async function addMember(db: Db, caller: AccessClaims, groupId: string, email: string): Promise<GroupDetail> {
  const actorId = await requireSensitivePermission(db, caller, 'groups.manage');
  return db.transaction().execute(async (trx) => {
    if (!(await lockGroup(trx, groupId))) throw notFound('That group');
    const user = await findUserIdByEmail(trx, email);
    if (!user?.is_admin) {
      throw new HttpError('BAD_REQUEST', 'Only administrators can join a user group.', [
        { path: 'body.email', message: 'No administrator has this email address.' },
      ]);
    }
    if (!(await insertMember(trx, groupId, user.id))) {
      throw new HttpError('CONFLICT', 'That administrator is already in this group.', [
        { path: 'body.email', message: 'This administrator is already in the group.' },
      ]);
    }
    await recordAudit(trx, {
      actorId,
      action: 'admin.group_member_added',
      subjectType: 'admin_group',
      subjectId: groupId,
      details: { userId: user.id, email },
    });
    return detail(trx, groupId);
  });
}

export async function removeMember(db: Db, caller: AccessClaims, groupId: string, userId: string): Promise<GroupDetail> {
  const actorId = await requireSensitivePermission(db, caller, 'groups.manage');
  return db.transaction().execute(async (trx) => {
    const group = await lockGroup(trx, groupId);
    if (!group) throw notFound('That group');
    const members = await groupMembers(trx, groupId);
    if (!members.some((member) => member.id === userId)) throw notFound('That member');
    if (group.built_in && members.length === 1) {
      throw new HttpError('CONFLICT', 'The built-in group must keep at least one member.');
    }
    await deleteMember(trx, groupId, userId);
    await recordAudit(trx, {
      actorId,
      action: 'admin.group_member_removed',
      subjectType: 'admin_group',
      subjectId: groupId,
      details: { userId },
    });
    return detail(trx, groupId);
  });
}

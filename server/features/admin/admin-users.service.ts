import type { AdminUser, AdminUserPage, AuditPage } from '../../../src/contract/admin.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { revokeAllSessions } from '../auth/auth.repository.ts';
import type { Suspensions } from '../users/suspensions.service.ts';
import { setSuspension } from '../users/users.repository.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { findUserForAdmin, findUserListRow, searchAudit, searchUsers } from './admin-lists.repository.ts';
import { decodeCursor, pageOf } from './keyset-cursor.ts';

const PAGE_SIZE = 25;

type UserListRow = Awaited<ReturnType<typeof searchUsers>>[number];
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toAdminUser = (row: UserListRow): AdminUser => ({
  id: row.id,
  email: row.email,
  name: `${row.first_name} ${row.last_name}`,
  isAdmin: row.is_admin,
  emailConfirmed: row.email_confirmed_at !== null,
  suspendedAt: iso(row.suspended_at),
  suspensionReason: row.suspension_reason,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listUsers(db: Db, caller: AccessClaims, query: { q?: string; after?: string }): Promise<AdminUserPage> {
  await requirePermission(db, caller, 'users.read');
  const rows = await searchUsers(db, query.q || undefined, decodeCursor(query.after), PAGE_SIZE + 1);
  const page = pageOf(rows, PAGE_SIZE, (row) => [row.created_at, row.id]);
  return { items: page.items.map(toAdminUser), next: page.next };
}

export async function readAudit(db: Db, caller: AccessClaims, query: { q?: string; after?: string }): Promise<AuditPage> {
  await requirePermission(db, caller, 'audit.read');
  const rows = await searchAudit(db, query.q || undefined, decodeCursor(query.after), PAGE_SIZE + 1);
  const page = pageOf(rows, PAGE_SIZE, (row) => [row.created_at, row.id]);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      details: row.details,
    })),
    next: page.next,
  };
}

/**
 * Suspends or reactivates an account with a reason. A suspension ends its sessions at once: refresh tokens are
 * revoked here and access tokens are refused from the next request (`Suspensions`). Administrators are not
 * suspended from here: their access is taken away through the user groups.
 */
export async function setUserSuspended(
  deps: { db: Db; suspensions: Suspensions },
  caller: AccessClaims,
  userId: string,
  input: { suspend: boolean; reason: string },
): Promise<AdminUser> {
  const actorId = await requireSensitivePermission(deps.db, caller, 'users.manage');
  await deps.db.transaction().execute(async (trx) => {
    const user = await findUserForAdmin(trx, userId);
    if (!user) throw notFound('That account');
    if (input.suspend && user.is_admin) {
      throw new HttpError('CONFLICT', 'Administrators cannot be suspended here; remove them from their user groups instead.');
    }
    if (input.suspend === (user.suspended_at !== null)) {
      throw new HttpError('CONFLICT', input.suspend ? 'This account is already suspended.' : 'This account is not suspended.');
    }
    await setSuspension(trx, userId, input.suspend ? { at: new Date(), reason: input.reason } : null);
    if (input.suspend) await revokeAllSessions(trx, userId);
    await recordAudit(trx, {
      actorId,
      action: input.suspend ? 'admin.user_suspended' : 'admin.user_reactivated',
      subjectType: 'user',
      subjectId: userId,
      details: { reason: input.reason },
    });
  });
  await deps.suspensions.reload();
  const row = await findUserListRow(deps.db, userId);
  if (!row) throw notFound('That account');
  return toAdminUser(row);
}

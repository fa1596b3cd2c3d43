import type { AdminUser, AdminUserPage, AuditPage, MailSent } from '../../../src/contract/admin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { authLimits } from '../../lib/auth/auth-limits.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { mailResetCode } from '../auth/password-reset.service.ts';
import { lockWaitingSignUps, mailNewSignUpCode, waitingSignUps } from '../auth/registration.service.ts';
import { signOutEverywhere } from '../auth/sessions.service.ts';
import type { Suspensions } from '../users/suspensions.service.ts';
import { findUserByEmail, setSuspension } from '../users/users.service.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { toAuditEntry } from './admin-audit.service.ts';
import { findUserForAdmin, findUserListRow, searchAudit, searchUsers } from './admin-lists.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

const noWaitingSignUp = 'No sign-up is waiting for confirmation at that address.';

type UserListRow = Omit<Awaited<ReturnType<typeof searchUsers>>[number], 'position_at'>;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toAdminUser = (row: UserListRow): AdminUser => ({
  id: row.id,
  email: row.email,
  name: `${row.first_name} ${row.last_name}`,
  isAdmin: row.is_admin,
  emailConfirmed: row.email_confirmed_at !== null,
  suspendedAt: iso(row.suspended_at),
  suspensionReason: row.suspension_reason,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function listUsers(
  db: Db,
  caller: AccessClaims,
  query: { q?: string; after?: string },
  size = adminPageSize,
): Promise<AdminUserPage> {
  await requirePermission(db, caller, 'users.read');
  const rows = await searchUsers(db, query.q || undefined, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return { items: page.items.map(toAdminUser), next: page.next };
}

export async function readAudit(
  db: Db,
  caller: AccessClaims,
  query: { q?: string; after?: string },
  size = adminPageSize,
): Promise<AuditPage> {
  await requirePermission(db, caller, 'audit.read');
  const rows = await searchAudit(db, query.q || undefined, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return {
    items: page.items.map(toAuditEntry),
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
    if (input.suspend) await signOutEverywhere(trx, userId);
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

/**
 * Mails the account the forgotten-password code (the same mail as /auth/forgotPassword), counted against the
 * account's mail limit. A suspended account gets none: it could not sign in with the new password.
 */
export async function sendPasswordReset(
  deps: { db: Db; config: Pick<Config, 'jwtSecret' | 'publicOrigin'> },
  caller: AccessClaims,
  userId: string,
): Promise<MailSent> {
  const actorId = await requirePermission(deps.db, caller, 'users.manage');
  const user = await findUserForAdmin(deps.db, userId);
  if (!user) throw notFound('That account');
  if (user.suspended_at !== null) {
    throw new HttpError('CONFLICT', 'This account is suspended: reactivate it before sending a password reset.');
  }
  await consumeRateLimit(deps.db, authLimits.mailPerAccount, user.email);
  await deps.db.transaction().execute(async (trx) => {
    await mailResetCode(trx, deps.config.jwtSecret, user, deps.config.publicOrigin);
    await recordAudit(trx, { actorId, action: 'admin.password_reset_sent', subjectType: 'user', subjectId: userId });
  });
  return { to: user.email };
}

/**
 * Mails a new confirmation code to a sign-up still waiting for one (its newest attempt; the person still confirms
 * with the password they chose). 409 when the address already has an account, 404 when no sign-up waits.
 */
export async function resendSignUpConfirmation(
  deps: { db: Db; config: Pick<Config, 'jwtSecret' | 'publicOrigin'> },
  caller: AccessClaims,
  email: string,
): Promise<MailSent> {
  const actorId = await requirePermission(deps.db, caller, 'users.manage');
  if (await findUserByEmail(deps.db, email)) {
    throw new HttpError('CONFLICT', 'This address already has a confirmed account: send a password reset instead.');
  }
  const [newest] = await waitingSignUps(deps.db, email);
  if (!newest) throw new HttpError('NOT_FOUND', noWaitingSignUp);
  await consumeRateLimit(deps.db, authLimits.mailPerAccount, email);
  const sent = await deps.db.transaction().execute(async (trx) => {
    const current = await lockWaitingSignUps(trx, email);
    if (!current.some((attempt) => attempt.id === newest.id)) return false;
    await mailNewSignUpCode(trx, deps.config.jwtSecret, newest, deps.config.publicOrigin);
    await recordAudit(trx, {
      actorId,
      action: 'admin.confirmation_code_sent',
      subjectType: 'sign_up',
      subjectId: newest.id,
      details: { email },
    });
    return true;
  });
  if (!sent) throw new HttpError('NOT_FOUND', noWaitingSignUp);
  return { to: email };
}

import { ACTING_MINUTES, type ActingStarted } from '../../../src/contract/acting.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims, AccessTokenIssuer } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { platformsOf } from '../../lib/user-view.ts';
import { findUserById } from '../users/users.service.ts';
import { endActingSession, endLapsedActingSessions, insertActingSession } from './acting.repository.ts';
import { requireSensitivePermission } from './admin-access.service.ts';
import { permissionsOfUser } from './admin-groups.repository.ts';

/**
 * Starts acting as a user for support (decision 033): a separate access token whose `sub` is the user and whose
 * `act.sub` is the administrator, ending within ACTING_MINUTES and never refreshed. Administrators and suspended
 * accounts are refused; the reason is kept with the session and in the audit log.
 */
export async function startActing(
  deps: { db: Db; tokens: AccessTokenIssuer },
  caller: AccessClaims,
  userId: string,
  reason: string,
): Promise<ActingStarted> {
  const adminId = await requireSensitivePermission(deps.db, caller, 'users.manage');
  const startedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const expiresAt = new Date(startedAt.getTime() + ACTING_MINUTES * 60_000);
  const { user, sessionId } = await deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('That account');
    if (user.is_admin || (await permissionsOfUser(trx, user.id)).length > 0) {
      throw new HttpError('CONFLICT', 'You cannot act as an administrator.');
    }
    if (user.suspended_at !== null) throw new HttpError('CONFLICT', 'This account is suspended: you cannot act as it.');
    const session = await insertActingSession(trx, { adminId, userId, reason, startedAt, expiresAt });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'admin.acting_started',
      subjectType: 'user',
      subjectId: userId,
      details: { reason, actingId: session.id, expiresAt: expiresAt.toISOString() },
    });
    return { user, sessionId: session.id };
  });
  const { token } = await deps.tokens.signActing(
    { sub: user.id, platforms: platformsOf(user), org: user.organization_id ?? null, act: { sub: adminId }, jti: sessionId },
    expiresAt.getTime() / 1000,
  );
  return {
    accessToken: token,
    expiresAt: expiresAt.getTime() / 1000,
    user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}` },
  };
}

/** Stops acting: only the acting token itself stops its session (the admin routes are closed to it otherwise). */
export async function stopActing(db: Db, caller: AccessClaims, userId: string): Promise<{ userId: string }> {
  if (!caller.act || !caller.jti || caller.sub !== userId) {
    throw new HttpError('CONFLICT', 'You are not acting as this account.');
  }
  const { jti, act } = caller;
  await db.transaction().execute(async (trx) => {
    const ended = await endActingSession(trx, jti);
    if (!ended) return;
    await recordAudit(trx, {
      actorId: act.sub,
      action: 'admin.acting_ended',
      subjectType: 'user',
      subjectId: userId,
      details: { reason: ended.reason, actingId: ended.id, startedAt: new Date(ended.started_at).toISOString() },
    });
  });
  return { userId };
}

/**
 * Records the end of every acting session whose time limit passed without a stop (`admin.acting_ended`, reason
 * `time limit`), in the transaction that marks it ended; the number recorded.
 */
export async function recordLapsedActing(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lapsed = await endLapsedActingSessions(trx, 200);
    for (const session of lapsed) {
      await recordAudit(trx, {
        actorId: session.admin_id,
        action: 'admin.acting_ended',
        subjectType: 'user',
        subjectId: session.user_id,
        details: {
          reason: session.reason,
          actingId: session.id,
          startedAt: new Date(session.started_at).toISOString(),
          endedBy: 'time limit',
        },
      });
    }
    return lapsed.length;
  });
}

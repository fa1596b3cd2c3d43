import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { authLimits } from '../../lib/auth/auth-limits.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import { randomToken, sha256 } from '../../lib/auth/secrets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeRateLimit, releaseRateLimit } from '../../lib/rate-limiter.ts';
import { platformsOf } from '../../lib/user-view.ts';
import { findUserById, type UserRow, updateUser } from '../users/users.service.ts';
import {
  familySignedInAt,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeAllSessions,
  revokeFamily,
  revokeTokens,
  unusedSuccessors,
} from './auth.repository.ts';
import type { AuthDeps, Caller } from './auth-context.ts';
import { refuseWeakPassword } from './password-rules.ts';

const sessionEnded = () => new HttpError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');

export interface Session {
  accessToken: string;
  accessTokenExpiresAt: number;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

/** Starts a token family (a sign-in) or continues one (a refresh). */
export async function issueSession(
  deps: AuthDeps,
  trx: Transaction<Database>,
  user: UserRow,
  familyId: string,
  /** When the password was given: now for a sign-in, the family's start for a refresh. */
  signedInAt: Date = new Date(),
): Promise<Session> {
  const refreshToken = randomToken();
  const refreshTokenExpiresAt = new Date(Date.now() + deps.config.refreshTokenTtlDays * 24 * 3600 * 1000);
  await insertRefreshToken(trx, { userId: user.id, familyId, tokenHash: sha256(refreshToken), expiresAt: refreshTokenExpiresAt });
  const { token, expiresAt } = await deps.tokens.sign({
    sub: user.id,
    platforms: platformsOf(user),
    org: user.organization_id ?? null,
    auth_time: Math.floor(signedInAt.getTime() / 1000),
  });
  return { accessToken: token, accessTokenExpiresAt: expiresAt, refreshToken, refreshTokenExpiresAt };
}

/**
 * How long a used refresh token may be presented again while the token it was exchanged for has never been used: the
 * answer to that refresh was lost (a reload cancelled it, the signal dropped), and the browser still holds the old
 * cookie (decision 037).
 */
export const lostAnswerLeewaySeconds = 60;

/**
 * Rotates the refresh token. A token that was already used means it leaked (or was replayed):
 * the whole family is revoked, so both the thief and the owner must sign in again (RFC 9700 §4.14.2) —
 * unless it comes back within the leeway above and its successor was never used; then that successor is revoked
 * and the family goes on from a new one.
 */
export async function refreshSession(
  deps: AuthDeps,
  input: { refreshToken: string; authId: string },
  caller: Caller,
): Promise<Session> {
  await consumeRateLimit(deps.db, authLimits.refreshPerAddress, caller.ip);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const stored = await lockRefreshToken(trx, sha256(input.refreshToken));
    if (!stored || stored.user_id !== input.authId || stored.revoked_at || new Date(stored.expires_at) <= new Date()) {
      return { kind: 'ended' as const };
    }
    if (stored.used_at) {
      const sinceUse = Date.now() - new Date(stored.used_at).getTime();
      const lost = sinceUse <= lostAnswerLeewaySeconds * 1000 ? await unusedSuccessors(trx, stored) : null;
      if (!lost) {
        await revokeFamily(trx, stored.family_id);
        await recordAudit(trx, {
          actorId: null,
          action: 'session.refresh_token_reused',
          subjectType: 'user',
          subjectId: stored.user_id,
          details: { ip: caller.ip, familyId: stored.family_id },
        });
        return { kind: 'ended' as const };
      }
      await revokeTokens(trx, lost);
    }
    const user = await findUserById(trx, stored.user_id);
    if (!user || user.suspended_at) return { kind: 'ended' as const };
    if (!stored.used_at) await markRefreshTokenUsed(trx, stored.id);
    const signedInAt = await familySignedInAt(trx, stored.family_id);
    return { kind: 'ok' as const, session: await issueSession(deps, trx, user, stored.family_id, signedInAt) };
  });
  if (outcome.kind !== 'ok') throw sessionEnded();
  return outcome.session;
}

/** Ends the session the refresh token belongs to; harmless when it is unknown or already ended. */
export async function signOut(deps: AuthDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  await deps.db.transaction().execute(async (trx) => {
    const stored = await lockRefreshToken(trx, sha256(refreshToken));
    if (stored) await revokeFamily(trx, stored.family_id);
  });
}

/**
 * Changes the password, ends every other session and starts a new one for this device. Wrong current passwords are
 * counted per account (a stolen access token must not become a password oracle), and so is every change.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<Session> {
  await consumeRateLimit(deps.db, authLimits.passwordChangesPerAccount, userId);
  await consumeRateLimit(deps.db, authLimits.wrongCurrentPasswordPerAccount, userId);
  const user = await findUserById(deps.db, userId);
  if (!user) throw sessionEnded();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    const message = 'Your current password is not right.';
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.currentPassword', message }]);
  }
  await releaseRateLimit(deps.db, authLimits.wrongCurrentPasswordPerAccount, userId);
  refuseWeakPassword(
    input.newPassword,
    { email: user.email, firstName: user.first_name, lastName: user.last_name },
    'body.newPassword',
  );
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await revokeAllSessions(trx, user.id);
    await recordAudit(trx, { actorId: user.id, action: 'user.password_changed', subjectType: 'user', subjectId: user.id });
    return issueSession(deps, trx, user, crypto.randomUUID());
  });
}

/** Ends every session of the account, in the caller's transaction: its refresh tokens stop working at once. */
export async function signOutEverywhere(db: Executor, userId: string): Promise<void> {
  await revokeAllSessions(db, userId);
}

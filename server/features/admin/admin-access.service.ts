import type { AdminPermission } from '../../../src/contract/admin.ts';
import { RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN } from '../../../src/contract/admin-sales.ts';
import type { Executor } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import { permissionsOfUser } from './admin-groups.repository.ts';

const notAnAdmin = 'This is for administrators only.';

/** The caller's admin permissions, read from the database on every request: a group change applies to the next one. */
export async function adminPermissions(db: Executor, caller: AccessClaims): Promise<AdminPermission[]> {
  const permissions = (await permissionsOfUser(db, caller.sub)) as AdminPermission[];
  if (permissions.length === 0) throw forbidden(notAnAdmin);
  return permissions;
}

/** The one check every admin endpoint makes: 403 unless one of the caller's groups grants `permission`. */
export async function requirePermission(db: Executor, caller: AccessClaims, permission: AdminPermission): Promise<string> {
  const permissions = await adminPermissions(db, caller);
  if (!permissions.includes(permission)) throw forbidden('Your admin groups do not allow this.');
  return caller.sub;
}

/**
 * Sensitive actions (refunds, voids, suspensions, group changes) need a sign-in with the password within the last
 * RECENT_SIGN_IN_MINUTES: the access token carries when it happened (`auth_time`, kept across refreshes).
 */
export function requireRecentSignIn(caller: AccessClaims): void {
  const signedInAt = (caller.auth_time ?? 0) * 1000;
  if (Date.now() - signedInAt <= RECENT_SIGN_IN_MINUTES * 60_000) return;
  const message = `For this, sign in again: your last sign-in was more than ${RECENT_SIGN_IN_MINUTES} minutes ago.`;
  throw new HttpError('FORBIDDEN', message, [{ path: 'auth', message: SIGN_IN_AGAIN }]);
}

/** requirePermission, then requireRecentSignIn: the one check of every sensitive admin action. */
export async function requireSensitivePermission(
  db: Executor,
  caller: AccessClaims,
  permission: AdminPermission,
): Promise<string> {
  const actorId = await requirePermission(db, caller, permission);
  requireRecentSignIn(caller);
  return actorId;
}

/** 403 unless the caller's groups grant one of `permissions`. */
export async function requireAnyPermission(
  db: Executor,
  caller: AccessClaims,
  permissions: readonly AdminPermission[],
): Promise<{ actorId: string; granted: AdminPermission[] }> {
  const granted = await adminPermissions(db, caller);
  if (!permissions.some((permission) => granted.includes(permission))) throw forbidden('Your admin groups do not allow this.');
  return { actorId: caller.sub, granted };
}

import type { AdminPermission } from '../../../src/contract/admin.ts';
import type { Executor } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { forbidden } from '../../lib/http-error.ts';
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

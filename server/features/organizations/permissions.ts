/**
 * Who may do what in an organisation. The role → permission map itself is `rolePermissions` in
 * src/contract/permissions.ts (shared with the browser); this module checks it against the
 * database. Every organiser route calls `requirePermission` (or `can` with a role it already
 * holds) instead of comparing role names:
 *
 *   const role = await requirePermission(db, organizationId, caller.sub, 'orders.read');
 *
 * Non-members get 404 (they learn nothing, not even that the organisation has such data);
 * members whose role lacks the permission get 403 with a sentence naming who may do it.
 * Permissions: events.read, events.edit, organization.edit, team.manage, orders.read,
 * orders.refund, checkin.scan. Door staff hold only events.read and checkin.scan.
 */
import { can, type Permission, rolesAllowed } from '../../../src/contract/permissions.ts';
import type { MemberRole } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { memberRoleOf } from './members.repository.ts';

export { can, type Permission, rolePermissions } from '../../../src/contract/permissions.ts';

const actions: Record<Permission, string> = {
  'events.read': 'see the organisation’s events',
  'events.edit': 'create or change the organisation’s events',
  'organization.edit': 'change the organisation’s profile',
  'team.manage': 'manage the team',
  'orders.read': 'see the organisation’s orders',
  'orders.refund': 'refund orders',
  'money.read': 'see the organisation’s money reports',
  'checkin.scan': 'check in tickets',
  'verification.manage': 'verify the organisation and connect its payouts',
  'payouts.read': 'see the organisation’s payouts',
};

/** The refusal a member gets when their role lacks the permission. */
export function permissionDenied(permission: Permission): HttpError {
  return new HttpError('FORBIDDEN', `Only ${rolesAllowed(permission)} can ${actions[permission]}.`);
}

/**
 * The caller's role when it holds the permission. Not a member: 404 naming `what` (default
 * "That organisation"); a member without the permission: 403.
 */
export async function requirePermission(
  db: Executor,
  organizationId: string,
  userId: string,
  permission: Permission,
  what = 'That organisation',
): Promise<MemberRole> {
  const role = await memberRoleOf(db, organizationId, userId);
  if (!role) throw notFound(what);
  if (!can(role, permission)) throw permissionDenied(permission);
  return role;
}

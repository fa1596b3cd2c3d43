import { can } from '#contract/permissions.ts';
import { type MemberRole, memberRoleSchema } from '#contract/users.ts';

/**
 * The team rules the API enforces, mirrored so the screen offers only what will be accepted:
 * owners and managers manage the team; only owners grant, change or remove the owner role; no one
 * changes their own role or removes themselves.
 */
export interface Viewer {
  userId: string;
  role: MemberRole;
}

export const canManageTeam = (role: MemberRole | null | undefined) => can(role, 'team.manage');

/** Roles the viewer may give someone. */
export const assignableRoles = (viewer: Viewer): MemberRole[] =>
  memberRoleSchema.options.filter((role) => role !== 'owner' || viewer.role === 'owner');

/** Whether the viewer may change this member's role or remove them; otherwise why not. */
export function memberLock(viewer: Viewer, member: { userId: string; role: MemberRole }): string | null {
  if (member.userId === viewer.userId) return 'This is you: another owner can change your role.';
  if (member.role === 'owner' && viewer.role !== 'owner') return 'Only owners can change or remove an owner.';
  return null;
}

export const canWithdraw = (viewer: Viewer, invitation: { role: MemberRole }) =>
  invitation.role !== 'owner' || viewer.role === 'owner';

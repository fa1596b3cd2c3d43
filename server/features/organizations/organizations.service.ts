import { can, type Permission } from '../../../src/contract/permissions.ts';
import type { MemberRole, Organization, UpdateOrganization } from '../../../src/contract/users.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { notFound } from '../../lib/http-error.ts';
import { permissionDenied } from '../../lib/permission-denied.ts';
import { requireOrganizationImage } from '../../lib/storage/stored-images.ts';
import { memberRoleOf as findMemberRole } from './members.repository.ts';
import {
  findOrganization,
  organizationOfEvent as findOrganizationOfEvent,
  type OrganizationRow,
  updateOrganization,
} from './organizations.repository.ts';

/** The user's role in the organisation; null when they are not a member. Takes the caller's transaction. */
export function memberRoleOf(db: Executor, organizationId: string, userId: string): Promise<MemberRole | null> {
  return findMemberRole(db, organizationId, userId);
}

/** The organisation an event belongs to; null when there is no such event. */
export function organizationOfEvent(db: Executor, eventId: string): Promise<string | null> {
  return findOrganizationOfEvent(db, eventId);
}

/**
 * Who may do what in an organisation. The role → permission map itself is `rolePermissions` in
 * src/contract/permissions.ts (shared with the browser); this checks it against the database. Every
 * organiser route calls `requirePermission` (or `can` with a role it already holds) instead of
 * comparing role names:
 *
 *   const role = await requirePermission(db, organizationId, caller.sub, 'orders.read');
 *
 * The caller's role when it holds the permission. Not a member: 404 naming `what` (default "That
 * organisation"), so they learn nothing, not even that the organisation has such data; a member whose
 * role lacks the permission: 403 with a sentence naming who may do it.
 */
export async function requirePermission(
  db: Executor,
  organizationId: string,
  userId: string,
  permission: Permission,
  what = 'That organisation',
): Promise<MemberRole> {
  const role = await findMemberRole(db, organizationId, userId);
  if (!role) throw notFound(what);
  if (!can(role, permission)) throw permissionDenied(permission);
  return role;
}

export function toOrganization(row: OrganizationRow, imageUrl: (key: string | null) => string | null): Organization {
  return {
    id: row.id,
    name: row.name,
    kycStatus: row.kyc_status,
    payoutsEnabled: row.payouts_enabled,
    createdAt: new Date(row.created_at).toISOString(),
    description: row.description,
    logoKey: row.logo_key,
    logoUrl: imageUrl(row.logo_key),
    website: row.website,
    contactEmail: row.contact_email,
    city: row.city,
    socialLinks: typeof row.social_links === 'string' ? JSON.parse(row.social_links) : row.social_links,
    timezone: row.timezone,
  };
}

export async function getOrganization(
  db: Db,
  id: string,
  imageUrl: (key: string | null) => string | null,
): Promise<Organization> {
  const row = await findOrganization(db, id);
  if (!row) throw notFound('That organisation');
  return toOrganization(row, imageUrl);
}

/** Members with `organization.edit` change the profile; other members get 403, anyone else learns nothing (404). */
export async function changeOrganization(
  db: Db,
  userId: string,
  id: string,
  changes: UpdateOrganization,
  imageUrl: (key: string | null) => string | null,
): Promise<Organization> {
  await requirePermission(db, id, userId, 'organization.edit');
  if (changes.logoKey) {
    const current = await findOrganization(db, id);
    await requireOrganizationImage(db, id, changes.logoKey, 'body.logoKey', current?.logo_key ?? null);
  }
  await updateOrganization(db, id, {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.logoKey === undefined ? {} : { logo_key: changes.logoKey }),
    ...(changes.website === undefined ? {} : { website: changes.website }),
    ...(changes.contactEmail === undefined ? {} : { contact_email: changes.contactEmail }),
    ...(changes.city === undefined ? {} : { city: changes.city }),
    ...(changes.socialLinks === undefined ? {} : { social_links: JSON.stringify(changes.socialLinks) }),
    ...(changes.timezone === undefined ? {} : { timezone: changes.timezone }),
  });
  await recordAudit(db, { actorId: userId, action: 'organization.changed', subjectType: 'organization', subjectId: id });
  return getOrganization(db, id, imageUrl);
}

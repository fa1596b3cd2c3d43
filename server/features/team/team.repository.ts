import type { MemberRole } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';

/**
 * Takes the organisation's row lock for the rest of the transaction: every change to its team
 * runs one at a time, so two owners demoting each other cannot leave it without an owner.
 */
export function lockOrganization(trx: Executor, organizationId: string) {
  return trx.selectFrom('organizations').select(['id', 'name']).where('id', '=', organizationId).forUpdate().executeTakeFirst();
}

/** The organisation's members with who they are: one query shape for the list and for one member. */
function membersOf(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select([
      'users.id as user_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'organization_members.role',
      'organization_members.created_at',
    ])
    .where('organization_members.organization_id', '=', organizationId);
}

export function listMembers(db: Executor, organizationId: string) {
  return membersOf(db, organizationId).execute();
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export function findMember(db: Executor, organizationId: string, userId: string) {
  return membersOf(db, organizationId).where('organization_members.user_id', '=', userId).executeTakeFirst();
}

export async function countOwners(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members plus invitations still open and not expired. */
export async function countTeam(db: Executor, organizationId: string, now: Date): Promise<number> {
  const members = await db
    .selectFrom('organization_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const invitations = await openInvitations(db, organizationId)
    .where('expires_at', '>', now)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invitations.n);
}

export async function updateMemberRole(db: Executor, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db
    .updateTable('organization_members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('organization_members')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function insertMember(db: Executor, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.insertInto('organization_members').values({ organization_id: organizationId, user_id: userId, role }).execute();
}

function openInvitations(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_invitations')
    .where('organization_invitations.organization_id', '=', organizationId)
    .where('organization_invitations.accepted_at', 'is', null)
    .where('organization_invitations.revoked_at', 'is', null);
}

const invitationColumns = [
  'organization_invitations.id',
  'organization_invitations.organization_id',
  'organization_invitations.email',
  'organization_invitations.role',
  'organization_invitations.expires_at',
  'organization_invitations.accepted_at',
  'organization_invitations.revoked_at',
  'organization_invitations.created_at',
  'inviter.first_name as inviter_first_name',
  'inviter.last_name as inviter_last_name',
] as const;

/** Invitations not yet accepted or withdrawn, newest first (expired ones too, so they can be sent again). */
export function listOpenInvitations(db: Executor, organizationId: string) {
  return openInvitations(db, organizationId)
    .leftJoin('users as inviter', 'inviter.id', 'organization_invitations.invited_by')
    .select(invitationColumns)
    .orderBy('organization_invitations.created_at', 'desc')
    .execute();
}
export type InvitationRow = Awaited<ReturnType<typeof listOpenInvitations>>[number];

export function findInvitation(db: Executor, organizationId: string, invitationId: string) {
  return db
    .selectFrom('organization_invitations')
    .leftJoin('users as inviter', 'inviter.id', 'organization_invitations.invited_by')
    .select(invitationColumns)
    .where('organization_invitations.organization_id', '=', organizationId)
    .where('organization_invitations.id', '=', invitationId)
    .executeTakeFirst();
}

/** The invitation behind a link, with its organisation's name; locked when asked, for accepting. */
export function findInvitationByTokenHash(db: Executor, tokenHash: string, { lock = false } = {}) {
  const query = db
    .selectFrom('organization_invitations')
    .innerJoin('organizations', 'organizations.id', 'organization_invitations.organization_id')
    .leftJoin('users as inviter', 'inviter.id', 'organization_invitations.invited_by')
    .select([...invitationColumns, 'organizations.name as organization_name'])
    .where('organization_invitations.token_hash', '=', tokenHash);
  return (lock ? query.forUpdate('organization_invitations') : query).executeTakeFirst();
}

/** Withdraws the open invitation to this address, if any (inviting again replaces it). */
export async function revokeOpenInvitationTo(db: Executor, organizationId: string, email: string, now: Date): Promise<void> {
  await db
    .updateTable('organization_invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The open invitation to this address, if any (expired or not). */
export function findOpenInvitationTo(db: Executor, organizationId: string, email: string) {
  return openInvitations(db, organizationId)
    .select(['organization_invitations.id', 'organization_invitations.role', 'organization_invitations.expires_at'])
    .where((eb) => eb(eb.fn('lower', ['organization_invitations.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Executor,
  values: { organizationId: string; email: string; role: MemberRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('organization_invitations')
    .values({
      organization_id: values.organizationId,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function revokeInvitation(db: Executor, invitationId: string, now: Date): Promise<void> {
  await db.updateTable('organization_invitations').set({ revoked_at: now }).where('id', '=', invitationId).execute();
}

/** Marks the invitation used; false when it was used or withdrawn meanwhile. */
export async function markInvitationAccepted(db: Executor, invitationId: string, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('organization_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

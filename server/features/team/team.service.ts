import type { Transaction } from 'kysely';
import { roleDescriptions, roleLabels } from '../../../src/contract/permissions.ts';
import {
  type AcceptedInvitation,
  type Invitation,
  type InviteMember,
  invitationLifetimeDays,
  maxTeamSize,
  type PendingInvitation,
  type Team,
  type TeamMember,
} from '../../../src/contract/team.ts';
import type { MemberRole } from '../../../src/contract/users.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { randomToken, sha256 } from '../../lib/auth/secrets.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { invitationMail } from '../../lib/mail/templates.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { memberRoleOf, requirePermission } from '../organizations/organizations.service.ts';
import { findUserById } from '../users/users.service.ts';
import {
  countOwners,
  countTeam,
  deleteMember,
  findInvitation,
  findInvitationByTokenHash,
  findMember,
  findOpenInvitationTo,
  type InvitationRow,
  insertInvitation,
  insertMember,
  listMembers,
  listOpenInvitations,
  lockOrganization,
  type MemberRow,
  markInvitationAccepted,
  revokeInvitation,
  revokeOpenInvitationTo,
  updateMemberRole,
} from './team.repository.ts';

/** Invitation mails an organisation may send in an hour. */
export const invitationsPerHour: RateLimit = { name: 'team-invite:organization', limit: 50, windowSeconds: 3600 };

const roleOrder: Record<MemberRole, number> = { owner: 0, manager: 1, finance: 2, door: 3 };
const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);
const iso = (value: Date | string) => new Date(value).toISOString();

function toMember(row: MemberRow): TeamMember {
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    joinedAt: iso(row.created_at),
  };
}

function toPending(row: InvitationRow, now: Date): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: fullName(row.inviter_first_name, row.inviter_last_name),
    invitedAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    expired: new Date(row.expires_at) <= now,
  };
}

const ownerOnly = (message: string) => new HttpError('FORBIDDEN', message);
const lastOwner = () => new HttpError('CONFLICT', 'An organisation needs at least one owner. Make someone else an owner first.');

/**
 * Runs a team change with the organisation locked, checking the caller's role inside the lock so
 * a role changed a moment ago counts. 404 for a non-member (or no such organisation), 403 without `team.manage`.
 */
function withTeamLock<T>(
  db: Db,
  callerId: string,
  organizationId: string,
  work: (trx: Transaction<Database>, context: { organizationName: string; callerRole: MemberRole }) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const organization = await lockOrganization(trx, organizationId);
    if (!organization) throw notFound('That organisation');
    const callerRole = await requirePermission(trx, organizationId, callerId, 'team.manage');
    return work(trx, { organizationName: organization.name, callerRole });
  });
}

export async function getTeam(db: Db, callerId: string, organizationId: string): Promise<Team> {
  await requirePermission(db, organizationId, callerId, 'team.manage');
  const now = new Date();
  const [members, invitations] = await Promise.all([listMembers(db, organizationId), listOpenInvitations(db, organizationId)]);
  members.sort(
    (a, b) =>
      roleOrder[a.role] - roleOrder[b.role] ||
      `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`) ||
      a.email.localeCompare(b.email),
  );
  return { members: members.map(toMember), invitations: invitations.map((row) => toPending(row, now)) };
}

export interface InviteContext {
  /** Where the app is served, for the link in the mail. */
  origin: string;
}

/**
 * Invites an address with a role and mails the link; inviting the same address again with the same role (or after its
 * invitation expired) replaces the open invitation, and with another role is refused while that one is pending.
 */
export async function inviteMember(
  db: Db,
  callerId: string,
  organizationId: string,
  input: InviteMember,
  { origin }: InviteContext,
): Promise<PendingInvitation> {
  const callerRole = await requirePermission(db, organizationId, callerId, 'team.manage');
  if (input.role === 'owner' && callerRole !== 'owner') throw ownerOnly('Only owners can invite another owner.');
  await consumeRateLimit(db, invitationsPerHour, organizationId);
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + invitationLifetimeDays * 24 * 3600 * 1000);
  const id = await withTeamLock(db, callerId, organizationId, async (trx, { organizationName, callerRole: lockedRole }) => {
    if (input.role === 'owner' && lockedRole !== 'owner') throw ownerOnly('Only owners can invite another owner.');
    const members = await listMembers(trx, organizationId);
    if (members.some((member) => member.email.toLowerCase() === input.email)) {
      throw new HttpError('CONFLICT', `${input.email} is already in the team.`, [
        { path: 'body.email', message: 'This person is already in the team.' },
      ]);
    }
    // Sending again (a new link) is for the same role; a pending one for another role is withdrawn on purpose, not by
    // a form whose role was left at its default. An expired one may be replaced with any role.
    const open = await findOpenInvitationTo(trx, organizationId, input.email);
    if (open && open.role !== input.role && new Date(open.expires_at) > now) {
      const message = `${input.email} already has an invitation as ${roleLabels[open.role]}. Send it again from the list, or withdraw it first.`;
      throw new HttpError('CONFLICT', message, [{ path: 'body.email', message }]);
    }
    await revokeOpenInvitationTo(trx, organizationId, input.email, now);
    if ((await countTeam(trx, organizationId, now)) >= maxTeamSize) {
      throw new HttpError('CONFLICT', `A team can have at most ${maxTeamSize} people, counting open invitations.`);
    }
    const invitationId = await insertInvitation(trx, {
      organizationId,
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: callerId,
      expiresAt,
    });
    const inviter = await findUserById(trx, callerId);
    const mail = invitationMail({
      organizationName,
      inviterName: inviter ? fullName(inviter.first_name, inviter.last_name) : null,
      roleLabel: roleLabels[input.role],
      roleDescription: roleDescriptions[input.role],
      link: `${origin}/invitations/${token}`,
      expiresAt,
    });
    await enqueueMail(trx, { to: input.email, ...mail });
    await recordAudit(trx, {
      actorId: callerId,
      action: 'team.invited',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { invitationId, role: input.role },
    });
    return invitationId;
  });
  const row = await findInvitation(db, organizationId, id);
  if (!row) throw notFound('That invitation');
  return toPending(row, new Date());
}

export async function withdrawInvitation(db: Db, callerId: string, organizationId: string, invitationId: string): Promise<void> {
  await withTeamLock(db, callerId, organizationId, async (trx, { callerRole }) => {
    const invitation = await findInvitation(trx, organizationId, invitationId);
    if (!invitation || invitation.revoked_at) throw notFound('That invitation');
    if (invitation.accepted_at) {
      throw new HttpError('CONFLICT', 'That invitation has already been accepted. Remove the member instead.');
    }
    if (invitation.role === 'owner' && callerRole !== 'owner') {
      throw ownerOnly('Only owners can withdraw an invitation to become an owner.');
    }
    await revokeInvitation(trx, invitationId, new Date());
    await recordAudit(trx, {
      actorId: callerId,
      action: 'team.invitation_withdrawn',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { invitationId },
    });
  });
}

/** Refusals shared by changing a role and removing someone, in the order a person would ask. */
function refuseChange(callerId: string, callerRole: MemberRole, target: MemberRow, verb: 'change' | 'remove') {
  if (target.user_id === callerId) {
    throw new HttpError(
      'FORBIDDEN',
      verb === 'change'
        ? 'You cannot change your own role. Ask another owner to do it.'
        : 'You cannot remove yourself from the team. Ask another owner to do it.',
    );
  }
  if (target.role === 'owner' && callerRole !== 'owner') {
    throw ownerOnly(verb === 'change' ? 'Only owners can change an owner’s role.' : 'Only owners can remove an owner.');
  }
}

export async function changeMemberRole(
  db: Db,
  callerId: string,
  organizationId: string,
  userId: string,
  role: MemberRole,
): Promise<TeamMember> {
  return withTeamLock(db, callerId, organizationId, async (trx, { callerRole }) => {
    const target = await findMember(trx, organizationId, userId);
    if (!target) throw notFound('That member');
    refuseChange(callerId, callerRole, target, 'change');
    if (role === 'owner' && callerRole !== 'owner') throw ownerOnly('Only owners can make someone an owner.');
    if (target.role === role) return toMember(target);
    await updateMemberRole(trx, organizationId, userId, role);
    if (target.role === 'owner' && (await countOwners(trx, organizationId)) === 0) throw lastOwner();
    await recordAudit(trx, {
      actorId: callerId,
      action: 'team.role_changed',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { userId, from: target.role, to: role },
    });
    return toMember({ ...target, role });
  });
}

export async function removeMember(db: Db, callerId: string, organizationId: string, userId: string): Promise<void> {
  await withTeamLock(db, callerId, organizationId, async (trx, { callerRole }) => {
    const target = await findMember(trx, organizationId, userId);
    if (!target) throw notFound('That member');
    refuseChange(callerId, callerRole, target, 'remove');
    await deleteMember(trx, organizationId, userId);
    if (target.role === 'owner' && (await countOwners(trx, organizationId)) === 0) throw lastOwner();
    await recordAudit(trx, {
      actorId: callerId,
      action: 'team.member_removed',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { userId, role: target.role },
    });
  });
}

/** The organisation's members with who they are, for the admin console. */
export function teamMembers(db: Executor, organizationId: string): Promise<MemberRow[]> {
  return listMembers(db, organizationId);
}

/**
 * Takes a member out of the organisation in the caller's transaction, which holds the organisation's lock (the admin
 * console's removal): the member as they were and whether the organisation is left without an owner, or undefined
 * when they are not a member and nothing changed. The caller refuses an organisation without an owner, which undoes
 * the removal.
 */
export async function takeOutMember(
  trx: Executor,
  organizationId: string,
  userId: string,
): Promise<{ member: MemberRow; noOwnerLeft: boolean } | undefined> {
  const member = await findMember(trx, organizationId, userId);
  if (!member) return undefined;
  await deleteMember(trx, organizationId, userId);
  // Only an owner's removal can leave the organisation without one.
  const noOwnerLeft = member.role === 'owner' && (await countOwners(trx, organizationId)) === 0;
  return { member, noOwnerLeft };
}

type InvitationWithOrganization = NonNullable<Awaited<ReturnType<typeof findInvitationByTokenHash>>>;

function statusOf(row: InvitationWithOrganization, now: Date): Invitation['status'] {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'pending';
}

const unknownLink = () => notFound('That invitation');
const alreadyElsewhere = () =>
  new HttpError(
    'CONFLICT',
    'Your account already belongs to another organisation, and an account can belong to one organisation only. Ask to be removed from it first, or accept with another account.',
  );

/** What a link is, for whoever holds it: the token is the secret, so no sign-in is needed. */
export async function describeInvitation(db: Db, token: string): Promise<Invitation> {
  const row = await findInvitationByTokenHash(db, sha256(token));
  if (!row) throw unknownLink();
  const now = new Date();
  return {
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    email: row.email,
    role: row.role,
    invitedBy: fullName(row.inviter_first_name, row.inviter_last_name),
    expiresAt: iso(row.expires_at),
    expired: new Date(row.expires_at) <= now,
    status: statusOf(row, now),
  };
}

/** Joins the organisation with the invited role: once, before it expires, with the invited address. */
export async function acceptInvitation(db: Db, callerId: string, token: string): Promise<AcceptedInvitation> {
  return db.transaction().execute(async (trx) => {
    const row = await findInvitationByTokenHash(trx, sha256(token), { lock: true });
    if (!row) throw unknownLink();
    const now = new Date();
    const status = statusOf(row, now);
    const organization = row.organization_name;
    if (status === 'accepted') {
      throw new HttpError('CONFLICT', 'This invitation has already been used. Each invitation link works once.');
    }
    if (status === 'revoked') throw new HttpError('CONFLICT', `${organization} withdrew this invitation.`);
    if (status === 'expired') {
      throw new HttpError('CONFLICT', `This invitation has expired. Ask ${organization} to send you a new one.`);
    }
    const user = await findUserById(trx, callerId);
    if (!user) throw new HttpError('UNAUTHORIZED', 'Please sign in to continue.');
    // The address is the whole proof of who was invited: it counts only once its owner has confirmed it.
    if (!user.email_confirmed_at) {
      throw new HttpError('FORBIDDEN', `Confirm ${user.email} with the code we emailed you, then accept the invitation.`);
    }
    if (user.email.toLowerCase() !== row.email.toLowerCase()) {
      throw new HttpError(
        'FORBIDDEN',
        `This invitation is for ${row.email}, but you are signed in as ${user.email}. Sign in with ${row.email} to accept it.`,
      );
    }
    const currentRole = await memberRoleOf(trx, row.organization_id, callerId);
    if (currentRole) throw new HttpError('CONFLICT', `You are already a member of ${organization}.`);
    if (user.organization_id) throw alreadyElsewhere();
    if (!(await markInvitationAccepted(trx, row.id, callerId, now))) {
      throw new HttpError('CONFLICT', 'This invitation has already been used. Each invitation link works once.');
    }
    await insertMember(trx, row.organization_id, callerId, row.role).catch((error: unknown) => {
      // Another invitation was accepted by this account at the same moment: one organisation per account.
      if ((error as { code?: string }).code === '23505') throw alreadyElsewhere();
      throw error;
    });
    await recordAudit(trx, {
      actorId: callerId,
      action: 'team.joined',
      subjectType: 'organization',
      subjectId: row.organization_id,
      details: { invitationId: row.id, role: row.role },
    });
    return { organizationId: row.organization_id, organizationName: organization, role: row.role };
  });
}

import { z } from 'zod';
import { emailSchema, memberRoleSchema } from './users.ts';

/** An invitation lasts a week from when it is sent. */
export const invitationLifetimeDays = 7;
/** People in a team, counting pending invitations. */
export const maxTeamSize = 200;

/** Invitation links carry 32 random bytes, base64url. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');

export const invitationTokenParamsSchema = z.object({ token: invitationTokenSchema });
export const memberParamsSchema = z.object({
  organizationId: z.uuid('Not a valid id.'),
  userId: z.uuid('Not a valid id.'),
});
export const invitationParamsSchema = z.object({
  organizationId: z.uuid('Not a valid id.'),
  invitationId: z.uuid('Not a valid id.'),
});

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.string().nullable(),
  invitedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** The team as owners and managers see it: members (owners first) and invitations not yet accepted. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const inviteMemberSchema = z.object({ email: emailSchema, role: memberRoleSchema });
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const changeMemberRoleSchema = z.object({ role: memberRoleSchema });
export type ChangeMemberRole = z.infer<typeof changeMemberRoleSchema>;

export const invitationStatusSchema = z.enum(['pending', 'expired', 'accepted', 'revoked']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** What an invitation link is, for the person who opens it. */
export const invitationSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
  status: invitationStatusSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const acceptedInvitationSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: memberRoleSchema,
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

export const emptyTeamResultSchema = z.object({});

import { z } from 'zod';
import { emailSchema } from './users.ts';

/** What an administrator may do: a group holds a set of these, a person the union of their groups'. */
export const adminPermissions = [
  'users.read',
  'users.manage',
  'organisers.review',
  'events.moderate',
  'orders.refund',
  'payments.read',
  'tickets.void',
  'cases.handle',
  'help.edit',
  'fees.manage',
  'groups.manage',
  'audit.read',
] as const;
export const adminPermissionSchema = z.enum(adminPermissions);
export type AdminPermission = z.infer<typeof adminPermissionSchema>;

/** How each permission reads on the group pages. */
export const adminPermissionLabels: Record<AdminPermission, string> = {
  'users.read': 'Read users',
  'users.manage': 'Manage users (suspend, reactivate, password reset, confirmation code)',
  'organisers.review': 'Review organisers',
  'events.moderate': 'Moderate events',
  'orders.refund': 'Refund orders (also resend tickets and retry failed payment webhooks)',
  'payments.read': 'Read payments',
  'tickets.void': 'Void tickets',
  'cases.handle': 'Handle cases',
  'help.edit': 'Edit help articles',
  'fees.manage': 'Manage booking fees',
  'groups.manage': 'Manage user groups',
  'audit.read': 'Read the audit log',
};

export const adminAccessSchema = z.object({ permissions: z.array(adminPermissionSchema) });
export type AdminAccess = z.infer<typeof adminAccessSchema>;

export const groupIdParamsSchema = z.object({ groupId: z.uuid() });
export const groupMemberParamsSchema = z.object({ groupId: z.uuid(), userId: z.uuid() });

const groupNameSchema = z.string().trim().min(2, 'At least 2 characters.').max(60, 'At most 60 characters.');
const permissionListSchema = z
  .array(adminPermissionSchema)
  .max(adminPermissions.length)
  .transform((list) => [...new Set(list)].sort());

export const createGroupSchema = z.object({ name: groupNameSchema, permissions: permissionListSchema });
export type CreateGroup = z.input<typeof createGroupSchema>;
export const updateGroupSchema = z
  .object({ name: groupNameSchema, permissions: permissionListSchema })
  .partial()
  .refine((value) => value.name !== undefined || value.permissions !== undefined, 'Change the name or the permissions.');
export type UpdateGroup = z.input<typeof updateGroupSchema>;
export const addGroupMemberSchema = z.object({ email: emailSchema });

export const groupSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(adminPermissionSchema),
  members: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
export const groupListSchema = z.object({ items: z.array(groupSummarySchema) });

export const groupMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  addedAt: z.string(),
});
export const groupDetailSchema = groupSummarySchema.extend({ memberList: z.array(groupMemberSchema) });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** A reason the person affected (or a later reader of the log) sees; required where an action touches access or money. */
export const reasonSchema = z
  .string()
  .trim()
  .min(3, 'Give a reason of at least 3 characters.')
  .max(500, 'At most 500 characters.');
export const reasonBodySchema = z.object({ reason: reasonSchema });

/** Keyset pages: the cursor is opaque text the previous page returned. */
const cursorSchema = z.string().max(200).optional();
const searchSchema = z.string().trim().max(120).optional();

export const auditQuerySchema = z.object({ q: searchSchema, after: cursorSchema });
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const adminUsersQuerySchema = z.object({ q: searchSchema, after: cursorSchema });
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  emailConfirmed: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({ items: z.array(adminUserSchema), next: z.string().nullable() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
export const userIdParamsSchema = z.object({ userId: z.uuid() });

/** A new confirmation code for a sign-up that waits for one: named by the address it was made with. */
export const resendConfirmationBodySchema = z.object({ email: emailSchema });
/** Where a code was mailed, for the administrator's confirmation. */
export const mailSentSchema = z.object({ to: z.string() });
export type MailSent = z.infer<typeof mailSentSchema>;

/** The platform at a glance: the last 30 days' money per currency (TEST orders apart), and 14 days day by day. */
export const platformOverviewSchema = z.object({
  since: z.string(),
  money: z.array(z.object({ currency: z.string(), orders: z.number().int(), sales: z.number().int(), fees: z.number().int() })),
  paidOrders: z.number().int(),
  testOrders: z.number().int(),
  signups: z.number().int(),
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), signups: z.number().int() })),
  topEvents: z.array(z.object({ eventId: z.uuid(), title: z.string(), orders: z.number().int() })),
  /** Now, not over the period: events on sale, organisers waiting for a decision, cases no agent has answered yet
   * (new or open), mail the outbox gave up on, and webhook deliveries of the period that matched no payment. */
  waiting: z.object({
    eventsOnSale: z.number().int(),
    organisersToReview: z.number().int(),
    openCases: z.number().int(),
    undeliveredMail: z.number().int(),
    failedWebhooks: z.number().int(),
  }),
});
export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

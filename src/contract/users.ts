import { z } from 'zod';
import { timezoneSchema } from './time-zone.ts';

export const userTypeSchema = z.enum(['attendee', 'organiser']);
export type UserType = z.infer<typeof userTypeSchema>;

/** What a user can be in the product; the `platforms` cookie lists these. */
export const platformSchema = z.enum(['attendee', 'organiser', 'admin']);
export type Platform = z.infer<typeof platformSchema>;

export const memberRoleSchema = z.enum(['owner', 'manager', 'finance', 'door']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const personNameSchema = z.string().trim().min(1, 'Please fill this in.').max(80, 'At most 80 characters.');

/** Unix seconds; a person must be at least 16 to hold an account. */
export const dateOfBirthSchema = z
  .number({ error: 'Enter your date of birth.' })
  .int()
  .refine((seconds) => seconds > -5_000_000_000, 'Enter a real date of birth.')
  .refine((seconds) => {
    const sixteenYearsAgo = new Date();
    sixteenYearsAgo.setFullYear(sixteenYearsAgo.getFullYear() - 16);
    return seconds * 1000 <= sixteenYearsAgo.getTime();
  }, 'You must be at least 16 years old.');

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.number().int(),
  userType: userTypeSchema,
  platforms: z.array(platformSchema),
  emailConfirmed: z.boolean(),
  organizationId: z.uuid().nullable(),
  organizationRole: memberRoleSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const updateUserSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    dateOfBirth: dateOfBirthSchema,
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field.');
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** A web address people can open: http or https only, never `javascript:` or `data:`. */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: 'Enter a full web address, starting with https://' }).max(300);

export const socialLinksSchema = z
  .object({
    instagram: httpUrlSchema,
    facebook: httpUrlSchema,
    x: httpUrlSchema,
    tiktok: httpUrlSchema,
  })
  .partial();

export const kycStatusSchema = z.enum(['unverified', 'pending', 'verified', 'action_required', 'rejected']);
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kycStatus: kycStatusSchema,
  /** Paid tickets sell only while verification is verified and payouts are enabled. */
  payoutsEnabled: z.boolean(),
  createdAt: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  logoKey: z.string().nullable(),
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  city: z.string().nullable(),
  socialLinks: socialLinksSchema,
  /** The zone new events start in; null: each editor's device zone. */
  timezone: z.string().nullable(),
});

/** What owners and managers may change in the organisation's public profile. */
export const updateOrganizationSchema = z
  .object({
    name: z.string().trim().min(2, 'At least 2 characters.').max(120),
    description: z.string().max(5000),
    logoKey: z.string().max(300).nullable(),
    website: httpUrlSchema.nullable(),
    contactEmail: z.email('Enter a valid email address.').max(254).nullable(),
    city: z.string().trim().max(80).nullable(),
    socialLinks: socialLinksSchema,
    timezone: timezoneSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Change at least one field.');
export type UpdateOrganization = z.infer<typeof updateOrganizationSchema>;
export type Organization = z.infer<typeof organizationSchema>;

export const idParamsSchema = z.object({ id: z.uuid('Not a valid id.') });
export const organizationParamsSchema = z.object({ organizationId: z.uuid('Not a valid id.') });

/** What a suspended account is told when it signs in or uses a token it still holds. */
export const accountSuspendedMessage = 'This account is suspended. Please contact support.';

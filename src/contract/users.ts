import { z } from 'zod';

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

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kycStatus: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const idParamsSchema = z.object({ id: z.uuid('Not a valid id.') });
export const organizationParamsSchema = z.object({ organizationId: z.uuid('Not a valid id.') });

import { z } from 'zod';
import { codeLength, minPasswordLength } from './auth-limits.ts';
import { dateOfBirthSchema, emailSchema, personNameSchema, userSchema, userTypeSchema } from './users.ts';

/** Length only here; the server also refuses the most common passwords. */
export const passwordSchema = z
  .string()
  .min(minPasswordLength, `Use at least ${minPasswordLength} characters.`)
  .max(128, 'Use at most 128 characters.');

export const codeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${codeLength}}$`), `Enter the ${codeLength}-digit code.`);

export const signUpSchema = z
  .object({
    firstName: personNameSchema,
    lastName: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    dateOfBirth: dateOfBirthSchema,
    userType: userTypeSchema,
    organizationName: z.string().trim().min(2, 'At least 2 characters.').max(120, 'At most 120 characters.').optional(),
  })
  .refine((value) => value.userType !== 'organiser' || Boolean(value.organizationName), {
    path: ['organizationName'],
    message: 'Name your organisation.',
    // Checked even while other fields are still wrong, so the form shows every problem at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type SignUp = z.infer<typeof signUpSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
/** A password typed to prove who someone is (not chosen now): only its presence is checked here. */
const enteredPasswordSchema = z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128);
/** The code mailed for one sign-up, with that sign-up's password: neither alone confirms an address (decision 019). */
export const confirmSignupSchema = z.object({ email: emailSchema, code: codeSchema, password: enteredPasswordSchema });
/** A new code goes to the sign-up made with this password. */
export const resendConfirmationCodeSchema = z.object({ email: emailSchema, password: enteredPasswordSchema });
export const signInSchema = z.object({ email: emailSchema, password: enteredPasswordSchema });
export const refreshTokenSchema = z.object({
  // The spec sends it in the body; browsers send the HttpOnly cookie instead.
  refreshToken: z.string().max(512).optional(),
  authId: z.uuid('Not a valid id.'),
});
export const confirmForgotPasswordSchema = z.object({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(128),
  newPassword: passwordSchema,
});

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const signInResultSchema = tokensSchema.extend({ authId: z.uuid(), user: userSchema });
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signUpResultSchema = z.object({ email: z.string(), codeDeliveredTo: z.string() });
export const emptySchema = z.object({});

export const mailboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

import { z } from 'zod';
import { type KycStatus, kycStatusSchema, memberRoleSchema } from './users.ts';

// Identity verification (KYC) and payouts of an organisation: what its owners send, what the page shows,
// what an administrator decides. One rule decides whether paid tickets may be sold: `canSellPaidTickets`.

export const sellerTypeSchema = z.enum(['individual', 'company']);
export type SellerType = z.infer<typeof sellerTypeSchema>;

export const verificationDocumentKindSchema = z.enum(['identity', 'address', 'company']);
export type VerificationDocumentKind = z.infer<typeof verificationDocumentKindSchema>;

export const documentKindLabels: Record<VerificationDocumentKind, string> = {
  identity: 'Identity document (passport, ID card or driving licence)',
  address: 'Proof of address',
  company: 'Company registration',
};

/** Documents are images or PDFs, recognised by their content; at most this many bytes. */
export const maxDocumentBytes = 5_120_000;
export const documentTooLargeMessage = 'A document cannot be larger than 5MB. Please choose a smaller file.';
export const documentTypeMessage = 'Only PDF, JPEG, PNG or WebP files can be uploaded.';
export const documentContentTypeSchema = z.enum(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
export type DocumentContentType = z.infer<typeof documentContentTypeSchema>;

/** The words every refusal of a paid price or publish uses. */
export const paidTicketsNeedVerification =
  'Paid tickets need your organisation’s identity verification to be complete and payouts enabled.';

/** The rule: paid tickets are sold only while verification is verified and payouts are enabled. */
export function canSellPaidTickets(organisation: { kycStatus: KycStatus; payoutsEnabled: boolean }): boolean {
  return organisation.kycStatus === 'verified' && organisation.payoutsEnabled;
}

/** Test values of the built-in onboarding, in the manner of Stripe's test mode. */
export const sandboxTestValues = {
  /** Tax id that passes, one that needs more information, one that fails. */
  taxIdPasses: '000000000',
  taxIdNeedsMore: '111111111',
  /** A representative born on this day cannot be verified (Stripe's test value). */
  failingBirthDate: '1902-01-01',
  /** UK sort code and account numbers: one that receives payouts, one that refuses them. */
  sortCode: '108800',
  accountPasses: '00012345',
  accountFails: '00011111',
} as const;

const text = (max: number) => z.string().trim().min(1, 'Please fill this in.').max(max, `At most ${max} characters.`);

/** What the owner says about the seller; saved as they go, checked whole on submission. */
export const verificationDetailsSchema = z.object({
  sellerType: sellerTypeSchema,
  legalName: text(120),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a country.'),
  addressLine: text(200),
  city: text(80),
  postalCode: text(20),
  /** Unix seconds, shown as yyyy-MM-dd (as the spec's dateOfBirth). */
  representativeDateOfBirth: z
    .number({ error: 'Enter the date of birth.' })
    .int()
    .refine((seconds) => seconds > -5_000_000_000, 'Enter a real date of birth.')
    .refine((seconds) => {
      const eighteenYearsAgo = new Date();
      eighteenYearsAgo.setFullYear(eighteenYearsAgo.getFullYear() - 18);
      return seconds * 1000 <= eighteenYearsAgo.getTime();
    }, 'The representative must be at least 18 years old.'),
  taxId: z
    .string()
    .trim()
    .min(4, 'Enter the tax id.')
    .max(30, 'At most 30 characters.')
    .regex(/^[A-Za-z0-9 -]+$/, 'Letters, digits, spaces and dashes only.'),
});
export type VerificationDetails = z.infer<typeof verificationDetailsSchema>;

/** The sandbox's bank account; only the last four digits are kept. */
export const bankAccountSchema = z.object({
  accountHolder: text(120),
  sortCode: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'A sort code has 6 digits.')),
  accountNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, 'An account number has 8 digits.')),
});
export type BankAccount = z.input<typeof bankAccountSchema>;

export const saveVerificationSchema = z.object({
  details: verificationDetailsSchema,
  /** Sandbox only; with Stripe the bank account is given at Stripe. */
  bankAccount: bankAccountSchema.optional(),
});
export type SaveVerification = z.input<typeof saveVerificationSchema>;

export const verificationDocumentSchema = z.object({
  id: z.uuid(),
  kind: verificationDocumentKindSchema,
  fileName: z.string(),
  contentType: documentContentTypeSchema,
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** Where an organisation's verification stands, for its owners and for reviewers. */
export const verificationSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  status: kycStatusSchema,
  payoutsEnabled: z.boolean(),
  chargesEnabled: z.boolean(),
  canSellPaidTickets: z.boolean(),
  details: verificationDetailsSchema.partial().nullable(),
  bankAccount: z
    .object({
      accountHolder: z.string(),
      sortCode: z.string(),
      last4: z.string(),
      status: z.enum(['valid', 'failed']).nullable(),
    })
    .nullable(),
  documents: z.array(verificationDocumentSchema),
  actionRequired: z.string().nullable(),
  actionDeadline: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  requirementsDue: z.array(z.string()),
  requirementsPastDue: z.array(z.string()),
  disabledReason: z.string().nullable(),
  stripeAccountId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const organizationIdParamsSchema = z.object({ organizationId: z.uuid() });
export const documentParamsSchema = z.object({ organizationId: z.uuid(), documentId: z.uuid() });
export const documentUploadQuerySchema = z.object({
  kind: verificationDocumentKindSchema,
  name: z.string().trim().max(120).optional(),
});

/** A Stripe Connect onboarding link: open it, come back to /organizer/account/success. */
export const onboardingLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** An administrator's decision on a submitted verification. */
export const verificationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('request_more'),
    what: z.string().trim().min(3, 'Say what is missing.').max(500, 'At most 500 characters.'),
    /** Days the organiser has to send it. */
    deadlineDays: z.number().int().min(1, 'At least 1 day.').max(90, 'At most 90 days.'),
  }),
  z.object({
    decision: z.literal('reject'),
    reason: z.string().trim().min(3, 'Give a reason of at least 3 characters.').max(500, 'At most 500 characters.'),
  }),
]);
export type VerificationDecision = z.infer<typeof verificationDecisionSchema>;

export const kycStatusLabels: Record<KycStatus, string> = {
  unverified: 'Not verified',
  pending: 'Under review',
  verified: 'Verified',
  action_required: 'Action required',
  rejected: 'Rejected',
};

// The admin's list of organisers.
export const adminOrganisersQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  status: kycStatusSchema.optional(),
  after: z.string().max(200).optional(),
});
export const adminOrganiserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kycStatus: kycStatusSchema,
  payoutsEnabled: z.boolean(),
  ownerEmail: z.string().nullable(),
  members: z.number().int(),
  events: z.number().int(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOrganiser = z.infer<typeof adminOrganiserSchema>;
export const adminOrganiserPageSchema = z.object({ items: z.array(adminOrganiserSchema), next: z.string().nullable() });
export type AdminOrganiserPage = z.infer<typeof adminOrganiserPageSchema>;

export const adminOrganiserDetailSchema = z.object({
  organiser: adminOrganiserSchema.extend({
    description: z.string(),
    city: z.string().nullable(),
    contactEmail: z.string().nullable(),
    website: z.string().nullable(),
    suspensionReason: z.string().nullable(),
  }),
  verification: verificationSchema,
  history: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      actorEmail: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AdminOrganiserDetail = z.infer<typeof adminOrganiserDetailSchema>;

export const adminTeamSchema = z.object({
  organisationName: z.string(),
  members: z.array(
    z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: memberRoleSchema, joinedAt: z.string() }),
  ),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const organiserMemberParamsSchema = z.object({ organizationId: z.uuid(), userId: z.uuid() });

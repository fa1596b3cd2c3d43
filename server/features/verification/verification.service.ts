import type { KycStatus } from '../../../src/contract/users.ts';
import {
  type BankAccount,
  type bankAccountSchema,
  canSellPaidTickets,
  type DocumentContentType,
  documentTooLargeMessage,
  documentTypeMessage,
  maxDocumentBytes,
  type SaveVerification,
  sandboxTestValues,
  type Verification,
  type VerificationDecision,
  type VerificationDetails,
  type VerificationDocumentKind,
} from '../../../src/contract/verification.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import type { ConnectOnboarding } from '../../lib/payments/stripe-connect.ts';
import { detectImage } from '../../lib/storage/image-content.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import {
  countDocuments,
  findDocument,
  findVerification,
  insertDocument,
  listDocuments,
  lockOrganization,
  ownersOf,
  setSellingState,
  upsertVerification,
  type VerificationRow,
} from './verification.repository.ts';
import { verificationMail } from './verification-mail.ts';

export interface VerificationDeps {
  db: Db;
  config: Config;
  /** Stripe Connect onboarding, when payments run on Stripe; null in the sandbox. */
  connect: ConnectOnboarding | null;
}

const maxDocuments = 10;
const defaultDeadlineDays = 14;
export const verificationPath = '/kyc-status';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const birthSeconds = (value: string | null) => (value ? Math.floor(Date.parse(`${value}T00:00:00Z`) / 1000) : undefined);
const birthDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The verification as its owners and reviewers see it. */
export async function presentVerification(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  organizationId: string,
): Promise<Verification> {
  const row = await findVerification(deps.db, organizationId);
  if (!row) throw notFound('That organisation');
  const documents = await listDocuments(deps.db, organizationId);
  return toVerification(deps.config, row, documents);
}

function toVerification(
  config: Config,
  row: VerificationRow,
  documents: Awaited<ReturnType<typeof listDocuments>>,
): Verification {
  const hasDetails = row.seller_type !== null || row.legal_name !== null;
  return {
    organizationId: row.id,
    organizationName: row.name,
    provider: config.paymentProvider === 'stripe' ? 'stripe' : 'sandbox',
    status: row.kyc_status,
    payoutsEnabled: row.payouts_enabled,
    chargesEnabled: row.charges_enabled,
    canSellPaidTickets: canSellPaidTickets({ kycStatus: row.kyc_status, payoutsEnabled: row.payouts_enabled }),
    details: hasDetails
      ? {
          ...(row.seller_type ? { sellerType: row.seller_type } : {}),
          ...(row.legal_name ? { legalName: row.legal_name } : {}),
          ...(row.country ? { country: row.country } : {}),
          ...(row.address_line ? { addressLine: row.address_line } : {}),
          ...(row.city ? { city: row.city } : {}),
          ...(row.postal_code ? { postalCode: row.postal_code } : {}),
          ...(row.representative_birth_date ? { representativeDateOfBirth: birthSeconds(row.representative_birth_date) } : {}),
          ...(row.tax_id ? { taxId: row.tax_id } : {}),
        }
      : null,
    bankAccount:
      row.bank_account_last4 && row.bank_sort_code
        ? {
            accountHolder: row.bank_account_holder ?? '',
            sortCode: row.bank_sort_code,
            last4: row.bank_account_last4,
            status: row.bank_status,
          }
        : null,
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      fileName: document.file_name,
      contentType: document.content_type as DocumentContentType,
      sizeBytes: document.size_bytes,
      uploadedAt: new Date(document.uploaded_at).toISOString(),
    })),
    actionRequired: row.action_required,
    actionDeadline: iso(row.action_deadline),
    rejectionReason: row.rejection_reason,
    requirementsDue: row.requirements_due ?? [],
    requirementsPastDue: row.requirements_past_due ?? [],
    disabledReason: row.disabled_reason,
    stripeAccountId: row.stripe_account_id,
    submittedAt: iso(row.submitted_at),
    decidedAt: iso(row.decided_at),
    suspendedAt: iso(row.suspended_at),
    suspensionReason: row.suspension_reason,
  };
}

/** Owners only: other members get 403 with who may, strangers 404. */
const requireOwner = (db: Executor, organizationId: string, caller: AccessClaims) =>
  requirePermission(db, organizationId, caller.sub, 'verification.manage');

export async function readVerification(deps: VerificationDeps, caller: AccessClaims, organizationId: string) {
  await requireOwner(deps.db, organizationId, caller);
  return presentVerification(deps, organizationId);
}

/** The owner may change what they sent while nobody is reviewing it and it was not refused. */
function requireEditable(status: KycStatus) {
  if (status === 'pending') {
    throw new HttpError('CONFLICT', 'Your verification is being reviewed; you can change it once we have decided.');
  }
  if (status === 'verified') throw new HttpError('CONFLICT', 'Your organisation is verified already.');
  if (status === 'rejected') {
    throw new HttpError('CONFLICT', 'Your verification was not approved. Contact the help desk if you think this is a mistake.');
  }
}

/** What a sandbox bank account is worth: the test account that refuses payouts is kept as `failed`. */
function bankValues(account: ReturnType<typeof bankAccountSchema.parse>) {
  return {
    bank_account_holder: account.accountHolder,
    bank_sort_code: account.sortCode,
    bank_account_last4: account.accountNumber.slice(-4),
    bank_status: account.accountNumber === sandboxTestValues.accountFails ? ('failed' as const) : ('valid' as const),
  };
}

export async function saveVerification(
  deps: VerificationDeps,
  caller: AccessClaims,
  organizationId: string,
  input: { details: VerificationDetails; bankAccount?: ReturnType<typeof bankAccountSchema.parse> | undefined },
): Promise<Verification> {
  await requireOwner(deps.db, organizationId, caller);
  if (input.bankAccount && deps.connect) {
    throw new HttpError('BAD_REQUEST', 'With Stripe, the bank account is given at Stripe.', [
      { path: 'body.bankAccount', message: 'Give the bank account at Stripe.' },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    const organisation = await lockOrganization(trx, organizationId);
    if (!organisation) throw notFound('That organisation');
    requireEditable(organisation.kyc_status);
    const { details } = input;
    await upsertVerification(trx, organizationId, {
      seller_type: details.sellerType,
      legal_name: details.legalName,
      country: details.country,
      address_line: details.addressLine,
      city: details.city,
      postal_code: details.postalCode,
      representative_birth_date: birthDate(details.representativeDateOfBirth),
      tax_id: details.taxId,
      ...(input.bankAccount ? bankValues(input.bankAccount) : {}),
    });
    await recordAudit(trx, {
      actorId: caller.sub,
      action: 'verification.details_saved',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { bankAccountChanged: Boolean(input.bankAccount) },
    });
  });
  return presentVerification(deps, organizationId);
}

export type { BankAccount, SaveVerification };

/** What a document is, from its first bytes: a PDF or an image of a kind reviewers can open. */
function detectDocument(bytes: Buffer): { contentType: DocumentContentType; extension: string } | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', extension: 'pdf' };
  const image = detectImage(bytes);
  if (image?.contentType === 'image/jpeg') return { contentType: 'image/jpeg', extension: 'jpg' };
  if (image?.contentType === 'image/png') return { contentType: 'image/png', extension: 'png' };
  if (image?.contentType === 'image/webp') return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

const cleanFileName = (name: string | undefined, extension: string) => {
  const stem = (name ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .()-]+/g, '')
    .trim()
    .slice(0, 80);
  return `${stem || 'document'}.${extension}`;
};

export async function uploadDocument(
  deps: VerificationDeps,
  caller: AccessClaims,
  organizationId: string,
  input: { kind: VerificationDocumentKind; name?: string | undefined; body: unknown },
): Promise<Verification> {
  await requireOwner(deps.db, organizationId, caller);
  const { body } = input;
  if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
    throw new HttpError('BAD_REQUEST', 'Choose a file to upload.');
  }
  if (!Buffer.isBuffer(body)) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', documentTypeMessage);
  if (body.length > maxDocumentBytes) throw new HttpError('PAYLOAD_TOO_LARGE', documentTooLargeMessage);
  const found = detectDocument(body);
  if (!found) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', documentTypeMessage);
  const row = await findVerification(deps.db, organizationId);
  if (!row) throw notFound('That organisation');
  requireEditable(row.kyc_status);
  if (Number((await countDocuments(deps.db, organizationId)).count) >= maxDocuments) {
    throw new HttpError('CONFLICT', `At most ${maxDocuments} documents can be sent.`);
  }
  await deps.db.transaction().execute(async (trx) => {
    const document = await insertDocument(trx, {
      organization_id: organizationId,
      kind: input.kind,
      bytes: body,
      content_type: found.contentType,
      size_bytes: body.length,
      file_name: cleanFileName(input.name, found.extension),
      uploaded_by: caller.sub,
    });
    await recordAudit(trx, {
      actorId: caller.sub,
      action: 'verification.document_uploaded',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { documentId: document.id, kind: input.kind },
    });
  });
  return presentVerification(deps, organizationId);
}

/** A stored document's bytes, for a caller already allowed to read it (an owner, or a reviewer). */
export async function openDocument(
  deps: Pick<VerificationDeps, 'db'>,
  organizationId: string,
  documentId: string,
): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  const document = await findDocument(deps.db, organizationId, documentId);
  if (!document) throw notFound('That document');
  return { fileName: document.file_name, contentType: document.content_type, bytes: Buffer.from(document.bytes) };
}

export async function readOwnDocument(deps: VerificationDeps, caller: AccessClaims, organizationId: string, documentId: string) {
  await requireOwner(deps.db, organizationId, caller);
  const opened = await openDocument(deps, organizationId, documentId);
  await recordAudit(deps.db, {
    actorId: caller.sub,
    action: 'verification.document_read',
    subjectType: 'organization',
    subjectId: organizationId,
    details: { documentId },
  });
  return opened;
}

/** The change of state, its audit entry and the owners' mail, in the caller's transaction. */
async function changeState(
  trx: Executor,
  deps: Pick<VerificationDeps, 'config'>,
  input: {
    organizationId: string;
    organisationName: string;
    from: KycStatus;
    to: KycStatus;
    actorId: string | null;
    payoutsEnabled?: boolean;
    detail?: string | null;
    deadline?: Date | null;
    action: string;
  },
): Promise<void> {
  await setSellingState(trx, input.organizationId, {
    kyc_status: input.to,
    ...(input.payoutsEnabled === undefined ? {} : { payouts_enabled: input.payoutsEnabled }),
  });
  await recordAudit(trx, {
    actorId: input.actorId,
    action: input.action,
    subjectType: 'organization',
    subjectId: input.organizationId,
    details: {
      before: input.from,
      after: input.to,
      ...(input.detail ? { detail: input.detail } : {}),
      ...(input.deadline ? { deadline: input.deadline.toISOString() } : {}),
    },
  });
  if (input.from === input.to) return;
  for (const owner of await ownersOf(trx, input.organizationId)) {
    const mail = verificationMail({
      name: owner.first_name,
      organisation: input.organisationName,
      status: input.to,
      detail: input.detail ?? null,
      deadline: input.deadline ?? null,
      link: `${deps.config.publicOrigin}${verificationPath}`,
    });
    await enqueueMail(trx, { to: owner.email, ...mail });
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** What the built-in onboarding says about what was sent, in the manner of Stripe's test values. */
function sandboxCheck(row: VerificationRow, documents: { kind: string }[]) {
  const missing: string[] = [];
  if (!row.seller_type || !row.legal_name || !row.country || !row.address_line || !row.representative_birth_date || !row.tax_id) {
    missing.push('Fill in who the seller is.');
  }
  if (!row.bank_account_last4) missing.push('Add the bank account payouts go to.');
  if (!documents.some((document) => document.kind === 'identity')) missing.push('Upload an identity document.');
  if (row.seller_type === 'company' && !documents.some((document) => document.kind === 'company')) {
    missing.push('Upload the company’s registration.');
  }
  if (missing.length) return { outcome: 'incomplete' as const, missing };
  if (row.representative_birth_date === sandboxTestValues.failingBirthDate) {
    return { outcome: 'rejected' as const, detail: 'The representative’s identity could not be verified.' };
  }
  if (row.tax_id?.replace(/\s|-/g, '') === sandboxTestValues.taxIdNeedsMore && row.action_required === null) {
    return {
      outcome: 'action_required' as const,
      detail:
        'The tax id does not match the legal name. Check it, and upload a document that shows it (a tax letter or the company registration)',
    };
  }
  if (row.bank_status === 'failed') {
    return { outcome: 'action_required' as const, detail: 'The bank account cannot receive payouts. Give another account' };
  }
  return { outcome: 'pending' as const };
}

/**
 * The owner sends the verification (sandbox). The built-in check answers at once like Stripe's test mode:
 * the failing values are rejected, the ones that need more ask for it with a deadline, the rest wait for a
 * reviewer's decision.
 */
export async function submitVerification(
  deps: VerificationDeps,
  caller: AccessClaims,
  organizationId: string,
): Promise<Verification> {
  await requireOwner(deps.db, organizationId, caller);
  if (deps.connect) throw new HttpError('CONFLICT', 'With Stripe, verification is finished at Stripe: continue there.');
  await deps.db.transaction().execute(async (trx) => {
    const organisation = await lockOrganization(trx, organizationId);
    if (!organisation) throw notFound('That organisation');
    requireEditable(organisation.kyc_status);
    const row = await findVerification(trx, organizationId);
    if (!row) throw notFound('That organisation');
    const check = sandboxCheck(row, await listDocuments(trx, organizationId));
    if (check.outcome === 'incomplete') {
      throw new HttpError(
        'BAD_REQUEST',
        check.missing.join(' '),
        check.missing.map((message) => ({ path: 'verification', message })),
      );
    }
    const deadline = check.outcome === 'action_required' ? inDays(defaultDeadlineDays) : null;
    const detail = check.outcome === 'pending' ? null : check.detail;
    await upsertVerification(trx, organizationId, {
      submitted_at: new Date(),
      action_required: check.outcome === 'action_required' ? detail : null,
      action_deadline: deadline,
      rejection_reason: check.outcome === 'rejected' ? detail : null,
    });
    await changeState(trx, deps, {
      organizationId,
      organisationName: organisation.name,
      from: organisation.kyc_status,
      to: check.outcome,
      actorId: caller.sub,
      payoutsEnabled: false,
      detail,
      deadline,
      action: 'verification.submitted',
    });
  });
  return presentVerification(deps, organizationId);
}

/** A reviewer's decision (the caller checked the reviewer's permission). Mailed to the owners, audited. */
export async function decideVerification(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  actorId: string,
  organizationId: string,
  decision: VerificationDecision,
): Promise<Verification> {
  await deps.db.transaction().execute(async (trx) => {
    const organisation = await lockOrganization(trx, organizationId);
    if (!organisation) throw notFound('That organiser');
    const row = await findVerification(trx, organizationId);
    if (!row) throw notFound('That organiser');
    const from = organisation.kyc_status;
    if (from !== 'pending' && from !== 'action_required') {
      throw new HttpError('CONFLICT', 'Only a verification waiting for review or for more information can be decided.');
    }
    const stripe = deps.config.paymentProvider === 'stripe';
    if (decision.decision === 'approve') {
      if (!stripe && row.bank_status !== 'valid') {
        throw new HttpError('CONFLICT', 'The bank account cannot receive payouts: ask the organiser for another one.');
      }
      await upsertVerification(trx, organizationId, {
        action_required: null,
        action_deadline: null,
        rejection_reason: null,
        decided_at: new Date(),
        decided_by: actorId,
      });
      await changeState(trx, deps, {
        organizationId,
        organisationName: organisation.name,
        from,
        to: 'verified',
        actorId,
        // With Stripe, whether payouts are enabled is Stripe's word (account.updated); the sandbox's account is valid.
        ...(stripe ? {} : { payoutsEnabled: true }),
        action: 'verification.approved',
      });
      return;
    }
    if (decision.decision === 'request_more') {
      const deadline = inDays(decision.deadlineDays);
      await upsertVerification(trx, organizationId, {
        action_required: decision.what,
        action_deadline: deadline,
        decided_at: new Date(),
        decided_by: actorId,
      });
      await changeState(trx, deps, {
        organizationId,
        organisationName: organisation.name,
        from,
        to: 'action_required',
        actorId,
        payoutsEnabled: false,
        detail: decision.what,
        deadline,
        action: 'verification.more_requested',
      });
      return;
    }
    await upsertVerification(trx, organizationId, {
      rejection_reason: decision.reason,
      action_required: null,
      action_deadline: null,
      decided_at: new Date(),
      decided_by: actorId,
    });
    await changeState(trx, deps, {
      organizationId,
      organisationName: organisation.name,
      from,
      to: 'rejected',
      actorId,
      payoutsEnabled: false,
      detail: decision.reason,
      action: 'verification.rejected',
    });
  });
  return presentVerification(deps, organizationId);
}

import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OrganizationVerificationsTable, VerificationDocumentsTable } from '../../db/types.ts';

export type VerificationValues = Omit<Updateable<OrganizationVerificationsTable>, 'organization_id'>;

/** The organisation's selling facts and its verification record (null fields until it has one). */
export function findVerification(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('organization_verifications as v', 'v.organization_id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.kyc_status',
      'o.payouts_enabled',
      'o.charges_enabled',
      'o.stripe_account_id',
      'o.suspended_at',
      'o.suspension_reason',
      'v.seller_type',
      'v.legal_name',
      'v.country',
      'v.address_line',
      'v.city',
      'v.postal_code',
      sql<string | null>`to_char(v.representative_birth_date, 'YYYY-MM-DD')`.as('representative_birth_date'),
      'v.tax_id',
      'v.bank_account_holder',
      'v.bank_sort_code',
      'v.bank_account_last4',
      'v.bank_status',
      'v.action_required',
      'v.action_deadline',
      'v.rejection_reason',
      'v.requirements_due',
      'v.requirements_past_due',
      'v.disabled_reason',
      'v.provider_state_at',
      'v.submitted_at',
      'v.decided_at',
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
}
export type VerificationRow = NonNullable<Awaited<ReturnType<typeof findVerification>>>;

/** The organisation's row, locked for a change of its verification state. */
export function lockOrganization(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'kyc_status', 'payouts_enabled', 'stripe_account_id'])
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

export async function upsertVerification(db: Executor, organizationId: string, values: VerificationValues): Promise<void> {
  const row = { ...values, updated_at: new Date() };
  await db
    .insertInto('organization_verifications')
    .values({ organization_id: organizationId, ...row } as Insertable<OrganizationVerificationsTable>)
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(row))
    .execute();
}

export async function setSellingState(
  db: Executor,
  organizationId: string,
  values: Partial<{
    kyc_status: VerificationRow['kyc_status'];
    payouts_enabled: boolean;
    charges_enabled: boolean;
    stripe_account_id: string;
  }>,
): Promise<void> {
  await db.updateTable('organizations').set(values).where('id', '=', organizationId).execute();
}

export function listDocuments(db: Executor, organizationId: string) {
  return db
    .selectFrom('verification_documents')
    .select(['id', 'kind', 'file_name', 'content_type', 'size_bytes', 'uploaded_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}

export function findDocument(db: Executor, organizationId: string, documentId: string) {
  return db
    .selectFrom('verification_documents')
    .select(['id', 'kind', 'file_name', 'content_type', 'bytes'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', documentId)
    .executeTakeFirst();
}

export async function insertDocument(db: Executor, row: Insertable<VerificationDocumentsTable>) {
  return db.insertInto('verification_documents').values(row).returning(['id', 'uploaded_at']).executeTakeFirstOrThrow();
}

export function countDocuments(db: Executor, organizationId: string) {
  return db
    .selectFrom('verification_documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
}

/** The owners of the organisation, who are told of each decision. */
export function ownersOf(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.first_name'])
    .where('m.organization_id', '=', organizationId)
    .where('m.role', '=', 'owner')
    .execute();
}

export function organizationByStripeAccount(db: Executor, accountId: string) {
  return db.selectFrom('organizations').select(['id']).where('stripe_account_id', '=', accountId).executeTakeFirst();
}

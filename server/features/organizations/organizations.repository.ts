import type { Db, Executor } from '../../db/database.ts';

export function findOrganization(db: Db, id: string) {
  return db
    .selectFrom('organizations')
    .select([
      'id',
      'name',
      'kyc_status',
      'payouts_enabled',
      'created_at',
      'description',
      'logo_key',
      'website',
      'contact_email',
      'city',
      'social_links',
      'timezone',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

export async function updateOrganization(
  db: Db,
  id: string,
  values: Partial<{
    name: string;
    description: string;
    logo_key: string | null;
    website: string | null;
    contact_email: string | null;
    city: string | null;
    social_links: string;
    timezone: string | null;
  }>,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Where the organisation's identity verification stands. */
export async function setKycStatus(db: Db, id: string, status: OrganizationRow['kyc_status']): Promise<void> {
  await db.updateTable('organizations').set({ kyc_status: status }).where('id', '=', id).execute();
}

/** Every organisation with its owner. */
export function listOrganizationOwners(db: Db) {
  return db
    .selectFrom('organizations')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .where('organization_members.role', '=', 'owner')
    .select(['organizations.id', 'organizations.name', 'organization_members.user_id as owner_id'])
    .execute();
}

/** The organisation an event belongs to; null when there is no such event. */
export async function organizationOfEvent(db: Executor, eventId: string): Promise<string | null> {
  const row = await db.selectFrom('events').select('organization_id').where('id', '=', eventId).executeTakeFirst();
  return row?.organization_id ?? null;
}

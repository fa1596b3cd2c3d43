import type { Db } from '../../db/database.ts';

export function findOrganization(db: Db, id: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'kyc_status', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

import type { Kysely, Transaction } from 'kysely';
import type { MemberRole } from '../../../src/contract/users.ts';
import type { Database } from '../../db/types.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** The user's role in the organisation; null when they are not a member. */
export async function memberRoleOf(db: Executor, organizationId: string, userId: string): Promise<MemberRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

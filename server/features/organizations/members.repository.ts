import type { MemberRole } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';

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

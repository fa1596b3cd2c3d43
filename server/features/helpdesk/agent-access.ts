import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { requirePermission } from '../admin/admin-access.service.ts';

/**
 * Who may work the help desk: an administrator whose groups allow it — answering cases, or editing the help
 * articles. Read from the database on every request, so a group change or a revoked admin applies at once.
 */
export async function requireAgent(
  db: Db,
  caller: AccessClaims,
  permission: 'cases.handle' | 'help.edit' = 'cases.handle',
): Promise<void> {
  await requirePermission(db, caller, permission);
}

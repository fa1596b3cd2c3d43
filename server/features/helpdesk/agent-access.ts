import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { forbidden } from '../../lib/http-error.ts';
import { isAdmin } from '../users/users.service.ts';

/**
 * Who may work the help desk as an agent: for now every administrator (read from the database, so a revoked
 * admin stops at once). The admin console's groups and permissions will narrow this one check.
 */
export async function requireAgent(db: Db, caller: AccessClaims): Promise<void> {
  if (!(await isAdmin(db, caller.sub))) throw forbidden('Only help desk agents can do that.');
}

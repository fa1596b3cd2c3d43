import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** How long readiness waits for the database: a load balancer's probe must get an answer, not a hung request. */
const readinessTimeoutMs = 1500;

/** True when the database answers a trivial query in time. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), readinessTimeoutMs);
  });
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

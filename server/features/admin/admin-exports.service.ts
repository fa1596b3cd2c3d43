import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';

/** The most rows one CSV file holds; a narrower filter gets the rest. */
export const exportRowLimit = 10_000;
const exportPageSize = 500;

type Page<Row> = { items: Row[]; next: string | null };
export type List<Query, Row> = (db: Db, caller: AccessClaims, query: Query, size: number) => Promise<Page<Row>>;

/**
 * Every row of a filtered admin list, read through the list itself (its permission check, filters and order), a
 * large page at a time, up to the export limit.
 */
export async function everyRow<Query extends { after?: string | undefined }, Row>(
  list: List<Query, Row>,
  db: Db,
  caller: AccessClaims,
  query: Query,
): Promise<Row[]> {
  const rows: Row[] = [];
  let after = query.after;
  do {
    const page = await list(db, caller, { ...query, after }, Math.min(exportPageSize, exportRowLimit - rows.length));
    rows.push(...page.items);
    after = page.next ?? undefined;
  } while (after && rows.length < exportRowLimit);
  return rows;
}
